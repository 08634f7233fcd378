// The config is bundled by Vite, which leaves workspace packages to Node (which cannot load .ts): a path, not the package's name.
import { WEB_PAGES_FILE, type WebPagesManifest } from '../../../packages/contracts/src/web-pages';
import { createHash } from 'node:crypto';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { AliasOptions, Plugin } from 'vite';
import { pageDocument } from './page-document';
import { renderRoutePages } from './prerender';
import { APP_READY_ATTRIBUTE, FIRST_SCREEN_ID } from '../src/prerender/markers';

const PUBLIC_SITE = ['src/pages/public/PublicLayout.tsx'];
const CLIENT_STORE = ['src/app/StoreLayout.tsx'];

/**
 * For each pre-rendered route (src/prerender/routes.ts), the modules its screen renders, and the
 * texts of a screen drawn only in the browser (a pre-rendered page names the texts it showed).
 * Keep in step with src/app/router.tsx: a module named here that the build does not find, or a
 * pre-rendered route missing here, fails the build.
 */
const SCREENS: Record<string, { modules: string[]; texts?: string[] }> = {
  '/': { modules: [...PUBLIC_SITE, 'src/pages/public/HomePage.tsx'] },
  '/about-bank': { modules: [...PUBLIC_SITE, 'src/pages/public/AboutPage.tsx'] },
  '/tariffs-and-services': { modules: [...PUBLIC_SITE, 'src/pages/public/TariffsPage.tsx'] },
  '/corporate-clients': { modules: [...PUBLIC_SITE, 'src/pages/public/CorporatePage.tsx'] },
  '/physical-clients': { modules: [...PUBLIC_SITE, 'src/pages/public/IndividualPage.tsx'] },
  '/payment-cards': { modules: [...PUBLIC_SITE, 'src/pages/public/CardsPage.tsx'] },
  '/crypto-operations': { modules: [...PUBLIC_SITE, 'src/pages/public/CryptoPage.tsx'] },
  '/other-services': { modules: [...PUBLIC_SITE, 'src/pages/public/OtherServicesPage.tsx'] },
  '/contact': { modules: [...PUBLIC_SITE, 'src/pages/public/ContactPage.tsx'] },
  '/login': { modules: [...CLIENT_STORE, 'src/features/auth/LoginPage.tsx'] },
  '/register': { modules: [...CLIENT_STORE, 'src/features/auth/RegisterPage.tsx'] },
  '/forgot_password': { modules: [...CLIENT_STORE, 'src/features/auth/ForgotPasswordPage.tsx'] },
  '/reset_password': { modules: [...CLIENT_STORE, 'src/features/auth/ResetPasswordPage.tsx'] },
  '/kabinet': {
    modules: [...CLIENT_STORE, 'src/features/cabinet/CabinetRoute.tsx', 'src/features/accounts/AccountsScreen.tsx'],
    texts: ['common', 'validation', 'cabinet', 'accounts'],
  },
};

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk and every chunk it imports statically, each once. */
function withImports(bundle: OutputBundle, fileName: string, into: Set<string>): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

/** The style sheets Vite made for these chunks' CSS imports, in order, each once. */
function stylesOf(bundle: OutputBundle, files: Iterable<string>): string[] {
  return [...new Set([...files].flatMap((file) => [...((bundle[file] as OutputChunk | undefined)?.viteMetadata?.importedCss ?? [])]))];
}

function assetText(bundle: OutputBundle, fileName: string): string {
  const asset = bundle[fileName];
  if (asset?.type !== 'asset') throw new Error(`route-pages: ${fileName} is not in the bundle`);
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
}

/** The CSP source that allows exactly this inline style. */
export const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * index.html without the links to these style sheets (written inline instead) and without the
 * entry's module preloads: on a page that is already drawn they only compete with its first paint.
 */
function withoutTags(html: string, styles: readonly string[], scripts: readonly string[]): string {
  let result = html;
  for (const file of styles) result = result.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.]/g, '\\.')}">`), '');
  for (const file of scripts) result = result.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${file.replace(/[.]/g, '\\.')}">`), '');
  return result;
}

/**
 * index.html starting its entry `entry` with `boot` (src/boot.ts), which it names the entry to, the
 * chunks to preload as it starts it, and the attribute that tells it the app has the page.
 */
function withBoot(html: string, entry: string, boot: string, preloads: readonly string[]): string {
  const tag = new RegExp(`(<script type="module"[^>]*) src="/${entry.replace(/[.]/g, '\\.')}"`);
  if (!tag.test(html)) throw new Error(`route-pages: index.html has no script ${entry}`);
  const preload = preloads.length > 0 ? ` data-preload="${preloads.map((file) => `/${file}`).join(' ')}"` : '';
  return html.replace(tag, `$1 src="/${boot}" data-entry="/${entry}"${preload} data-ready="${APP_READY_ATTRIBUTE}"`);
}

/**
 * Writes, for each pre-rendered route and language, index.html with the page's content and head
 * (build/page-document.ts), rendered by the same components the browser takes it over with. The
 * page's styles (the entry's and its screen's) are written into it, their hash listed in the
 * manifest for the server's policy, so it paints with nothing to fetch first; chunks are not
 * preloaded on a page that is already drawn, except on a shell drawn over by its screen. The server
 * sends the page for the path and the visitor's language (apps/server/src/lib/web-pages.ts); every
 * other path gets index.html.
 */
export function routePages({ alias }: { alias: AliasOptions }): Plugin {
  let root = process.cwd();
  return {
    name: 'bank-route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('index.html is not in the bundle');
      const entry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
      const boot = chunks(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/src/boot.ts'));
      if (!entry || !boot) throw new Error('The build has no index.html or src/boot.ts entry chunk');
      const alreadyLoaded = withImports(bundle, entry.fileName, new Set());
      const chunkOf = (module: string) => {
        const found = chunks(bundle).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${module}`)));
        if (!found) throw new Error(`route-pages: no chunk for ${module}; keep build/route-pages.ts in step with the router`);
        return found.fileName;
      };
      const screenFiles = (path: string, language: string, texts: readonly string[]) => {
        const screen = SCREENS[path];
        if (!screen) throw new Error(`route-pages: no screen for the pre-rendered route ${path}; add it to SCREENS`);
        const files = new Set<string>();
        for (const module of [...screen.modules, ...(screen.texts ?? texts).map((text) => `src/locales/${language}/${text}.json`)]) {
          withImports(bundle, chunkOf(module), files);
        }
        return files;
      };
      const entryStyles = stylesOf(bundle, alreadyLoaded);
      const template = withoutTags(String(html.source), entryStyles, [...alreadyLoaded]);
      const inlineStyles = (path: string, language: string, texts: readonly string[]) => [...new Set([...entryStyles, ...stylesOf(bundle, screenFiles(path, language, texts))])];
      const rendered = await renderRoutePages(root, alias);
      const languages = [...new Set(rendered.map((page) => page.language))];
      const manifest: WebPagesManifest = { languages, pages: {}, sitemap: [], bareOnly: [], styleHashes: {} };
      for (const page of rendered) {
        const { path, name, inSitemap, readsQuery } = page.route;
        const fileName = `pages/${name}.${page.language}.html`;
        const styleFiles = inlineStyles(path, page.language, page.texts);
        // A shell (the cabinet's loading state) is drawn over by its screen: the screen's chunks are
        // what its real content waits for, so they are asked for with the app's entry there.
        const preloads = page.route.shellTitleKey
          ? [...alreadyLoaded, ...screenFiles(path, page.language, page.texts)].filter((file, index, all) => file !== entry.fileName && all.indexOf(file) === index)
          : [];
        const style = styleFiles.map((file) => assetText(bundle, file)).join('\n');
        const source = pageDocument({
          // Every page starts the app after its first paint (src/boot.ts): scripts asked for before
          // it only compete with it. A shell's screen chunks are preloaded then, with the entry.
          template: withBoot(template, entry.fileName, boot.fileName, preloads),
          path,
          language: page.language,
          languages,
          title: page.title,
          description: page.description,
          root: page.root,
          hints: [
            `<style>${style}</style>`,
            // Disabled, so never fetched: tells Vite's loader of lazy screens that these sheets are
            // in the page already. Linked again after the screen's own, the entry's sheet would
            // override them and move the page.
            ...styleFiles.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`),
            ...(page.root.includes(`id="${FIRST_SCREEN_ID}"`) ? [`<link rel="expect" href="#${FIRST_SCREEN_ID}" blocking="render">`] : []),
          ],
        });
        manifest.styleHashes[fileName] = [styleHash(style)];
        this.emitFile({ type: 'asset', fileName, source });
        (manifest.pages[path] ??= {})[page.language] = fileName;
        if (inSitemap && !manifest.sitemap.includes(path)) manifest.sitemap.push(path);
        if (readsQuery && !manifest.bareOnly.includes(path)) manifest.bareOnly.push(path);
      }
      this.emitFile({ type: 'asset', fileName: WEB_PAGES_FILE, source: JSON.stringify(manifest, null, 2) });
    },
  };
}
