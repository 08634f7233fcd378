import type { Rollup } from 'vite';

type RollupLog = Rollup.RollupLog;

/**
 * Rollup's warning about comments in zod and @scure/base that carry a pure annotation where Rollup
 * cannot use it: it drops the comment and the code is unchanged. Only these are hidden, in the
 * app's build and in the pre-render's build alike (build/prerender.ts); every other warning shows.
 */
const KNOWN_WARNING = { code: 'INVALID_ANNOTATION', module: /\/node_modules\/(?:zod|@scure\/base)\// };

export function isKnownWarning(warning: Pick<RollupLog, 'code' | 'id'>): boolean {
  return warning.code === KNOWN_WARNING.code && KNOWN_WARNING.module.test((warning.id ?? '').replaceAll('\\', '/'));
}

/** Rollup's `onwarn` that passes on every warning but the known ones. */
export function warnUnlessKnown(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (!isKnownWarning(warning)) warn(warning);
}
