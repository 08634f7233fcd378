import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { warnUnlessKnown } from './build/known-warnings';
import { precompress } from './build/precompress';
import { routePages } from './build/route-pages';

const serverPort = Number(process.env.API_PORT ?? 3000);

/**
 * React's API, rendered by Preact (preact/compat) in the browser: react-dom alone is 63 kB gzipped,
 * which with React Router and i18next would break the 100 kB budget of the public site's first page.
 * Components are written against React's types and API; only the renderer differs.
 */
const preactCompat = {
  react: 'preact/compat',
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/**
 * Screens share many small modules (a modal, a field, a slice); as chunks of their own each costs a
 * request with about 1 kB of headers, and a phone on a slow network fetches only a few at a time.
 * They are grouped by when they are needed: the public site's pages, the client store (sign-in,
 * cabinet) and the shared interface parts. Translations stay one chunk per language and area.
 *
 * Rollup moves a grouped module's otherwise unassigned imports into its group, so everything the
 * entry imports statically (the renderer, the take-over) is named as a group of its own ('app'), and
 * so are i18next ('i18n') and React Router ('router'), which the entry loads right after itself:
 * otherwise the first page would import the public site's group just to get React Router.
 */
function sharedChunks(): (id: string, api: { getModuleInfo: GetModuleInfo }) => string | undefined {
  let firstPage: Set<string> | null = null;
  return (id, { getModuleInfo }) => {
    firstPage ??= staticallyImported(getModuleInfo, [ENTRY]);
    if (firstPage.has(id)) return 'app';
    // The entry loads these two after itself, each evaluated in a task of its own (main.tsx).
    if (/\/node_modules\/(i18next|i18next-browser-languagedetector|i18next-resources-to-backend|react-i18next)\//.test(id) || id.endsWith('/src/app/i18n.ts')) return 'i18n';
    if (/\/node_modules\/react-router\//.test(id) || /\/src\/app\/(router|lazy|paths)\.tsx?$/.test(id)) return 'router';
    if (id.includes('/src/locales/')) return undefined;
    if (id.includes('/src/pages/public/')) return 'site';
    if (
      /\/node_modules\/(@reduxjs\/toolkit|redux|react-redux|redux-persist|immer|reselect|use-sync-external-store)\//.test(id) ||
      /\/src\/app\/(store|StoreLayout|hooks)\.tsx?$/.test(id) ||
      /\/src\/features\/[a-z]+\/[a-zA-Z]+Slice\.ts$/.test(id)
    ) {
      return 'store';
    }
    if (
      /\/src\/ui\/(Popup|Modal|ResultModal|usePageTitle|DisclosureButton|LanguageSwitch|FormField|SubmitButton|NotFound|Screen|formatMoney)\.tsx?$/.test(id) ||
      // Plain helpers the public site shares with the cabinet (no zod): kept out of the site's group.
      /\/packages\/contracts\/src\/(protocol|tariffs|money\/[a-z]+|kyc\/kyc-status)\.ts$/.test(id) ||
      /\/src\/lib\/(api|errorKeys)\.ts$/.test(id)
    ) {
      return 'ui';
    }
    return undefined;
  };
}

type GetModuleInfo = (id: string) => { importedIds: readonly string[] } | null;

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** Every module reachable from the entries through static imports. */
function staticallyImported(getModuleInfo: GetModuleInfo, entries: string[]): Set<string> {
  const seen = new Set<string>(entries);
  const queue = [...entries];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const imported of getModuleInfo(id)?.importedIds ?? []) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return seen;
}

/**
 * One line of totals after the build: with `--logLevel warn` (npm start's build) Vite prints no
 * table of chunks, so this line is all that says what was built.
 */
function buildSummary(): Plugin {
  let started = 0;
  let logLevel: string | undefined;
  let summary = '';
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return {
    name: 'bank-build-summary',
    apply: 'build',
    configResolved(config) {
      logLevel = config.logLevel;
    },
    buildStart() {
      started = Date.now();
    },
    writeBundle(_options, bundle) {
      const totals = { JS: { files: 0, bytes: 0, gzip: 0 }, CSS: { files: 0, bytes: 0, gzip: 0 } };
      let others = 0;
      for (const file of Object.values(bundle)) {
        const content = file.type === 'chunk' ? file.code : file.source;
        const group = file.type === 'chunk' ? totals.JS : file.fileName.endsWith('.css') ? totals.CSS : null;
        if (!group) {
          if (!file.fileName.endsWith('.map')) others += 1;
          continue;
        }
        group.files += 1;
        group.bytes += Buffer.byteLength(content);
        group.gzip += gzipSync(content).length;
      }
      const parts = Object.entries(totals).map(([name, total]) => `${name} ${total.files} files ${kB(total.bytes)} (gzip ${kB(total.gzip)})`);
      summary = `Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${parts.join(', ')}, ${others} other files (pages, fonts)`;
    },
    closeBundle() {
      if (summary && logLevel !== 'silent') process.stdout.write(`${summary}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), routePages({ alias: preactCompat }), precompress(), buildSummary()],
  resolve: { alias: preactCompat, dedupe: ['preact'] },
  build: {
    outDir: 'dist',
    // docs/product.md#client-calls: lazy interface chunks load from a static/js path.
    assetsDir: 'static',
    sourcemap: false,
    rollupOptions: {
      onwarn: warnUnlessKnown,
      // index.html starts the app at once; a page pre-rendered with its content starts it with
      // src/boot.ts, after its first paint (build/route-pages.ts).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) },
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
        manualChunks: sharedChunks(),
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${serverPort}` } },
});
