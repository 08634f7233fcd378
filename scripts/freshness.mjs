// Decides whether a build output is older than any of its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

export const WEB_OUTPUT = 'apps/web/dist/index.html';
export const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/build', 'packages/contracts/src', 'package-lock.json'];
export const SERVER_OUTPUT = 'apps/server/dist/main.js';
export const SERVER_SOURCES = ['apps/server/src', 'packages/contracts/src', 'package-lock.json', 'scripts/build-server.mjs'];
