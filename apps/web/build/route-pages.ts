import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * The screens a visitor most often opens first, with the modules and texts each renders. Keep in
 * step with src/app/router.tsx: a module named here that the build does not find fails the build.
 */
const FIRST_SCREENS: Record<string, { modules: string[]; texts: string[] }> = {
  '/': { modules: ['src/pages/public/PublicLayout.tsx', 'src/pages/public/HomePage.tsx'], texts: ['common', 'public', 'contact'] },
  '/login': { modules: ['src/app/StoreLayout.tsx', 'src/features/auth/LoginPage.tsx'], texts: ['common', 'validation', 'auth'] },
  '/kabinet': {
    modules: ['src/app/StoreLayout.tsx', 'src/features/cabinet/CabinetRoute.tsx', 'src/features/accounts/AccountsScreen.tsx'],
    texts: ['common', 'validation', 'cabinet', 'accounts'],
  },
};
const LANGUAGES = ['en', 'ru'] as const;

/** What the server reads: for a path and a language, the page to send instead of index.html. */
export interface RoutePages {
  [path: string]: Record<(typeof LANGUAGES)[number], string>;
}
export const ROUTE_PAGES_FILE = 'pages/routes.json';

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk and every chunk it imports statically, each once. */
function withImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

/**
 * Writes, for each first screen and language, a copy of index.html that asks for that screen's
 * chunks, styles and texts at once (modulepreload), where the page alone would learn of them only
 * after the entry script has run: on a slow mobile network that is a whole round trip and more
 * before the visitor sees anything. The server sends the copy for the path and the visitor's
 * language (apps/server/src/lib/route-pages.ts); every other path gets index.html as before.
 */
export function routePages(): Plugin {
  return {
    name: 'bank-route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('index.html is not in the bundle');
      const entry = chunks(bundle).find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const alreadyLoaded = withImports(bundle, entry.fileName, new Set());
      const chunkOf = (module: string) => {
        const found = chunks(bundle).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${module}`)));
        if (!found) throw new Error(`route-pages: no chunk for ${module}; keep build/route-pages.ts in step with the router`);
        return found.fileName;
      };
      const pages: RoutePages = {};
      for (const [path, screen] of Object.entries(FIRST_SCREENS)) {
        const name = path === '/' ? 'home' : path.slice(1);
        pages[path] = { en: '', ru: '' };
        for (const language of LANGUAGES) {
          const files = new Set<string>();
          for (const module of [...screen.modules, ...screen.texts.map((text) => `src/locales/${language}/${text}.json`)]) withImports(bundle, chunkOf(module), files);
          const scripts = [...files].filter((file) => !alreadyLoaded.has(file));
          const styles = [...new Set(scripts.flatMap((file) => [...((bundle[file] as OutputChunk).viteMetadata?.importedCss ?? [])]))];
          const hints = [
            ...styles.map((file) => `<link rel="preload" as="style" href="/${file}">`),
            ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ].join('\n    ');
          const page = String(html.source).replace('\n  </head>', `\n    ${hints}\n  </head>`).replace('<html lang="en">', `<html lang="${language}">`);
          const fileName = `pages/${name}.${language}.html`;
          this.emitFile({ type: 'asset', fileName, source: page });
          pages[path][language] = fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PAGES_FILE, source: JSON.stringify(pages, null, 2) });
    },
  };
}
