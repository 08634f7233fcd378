import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions } from 'vite';
import type { PrerenderedPage } from '../src/entry-prerender';
import { warnUnlessKnown } from './known-warnings';
import type { PrerenderedRoute } from '../src/prerender/routes';

const ENTRY = 'src/entry-prerender.tsx';

type PrerenderModule = typeof import('../src/entry-prerender');

export interface RenderedRoutePage extends PrerenderedPage {
  route: PrerenderedRoute;
  language: string;
}

/**
 * Builds src/entry-prerender.tsx for Node with the browser build's aliases (Preact in React's
 * place), everything bundled so that React Router and react-i18next meet the same Preact, then
 * renders every pre-rendered route in every language with it. preact-render-to-string renders;
 * the build is thrown away afterwards.
 */
export async function renderRoutePages(root: string, alias: AliasOptions): Promise<RenderedRoutePage[]> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'bank-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias, dedupe: ['preact'] },
      ssr: { noExternal: true, target: 'node' },
      build: { ssr: ENTRY, outDir, emptyOutDir: true, sourcemap: false, minify: false, copyPublicDir: false, reportCompressedSize: false, rollupOptions: { onwarn: warnUnlessKnown } },
    });
    const entry = (await import(pathToFileURL(path.join(outDir, 'entry-prerender.js')).href)) as PrerenderModule;
    const pages: RenderedRoutePage[] = [];
    // One at a time: the texts' language is global to i18next.
    for (const route of entry.PRERENDERED_ROUTES) {
      for (const language of entry.LANGUAGES) pages.push({ route, language, ...(await entry.prerender(route, language)) });
    }
    return pages;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
