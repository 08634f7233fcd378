// Built for Node after the browser build (build/prerender.ts): renders each pre-rendered route in
// each language to HTML with the same components the browser then takes over (main.tsx).
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import i18next, { i18nReady, type Language } from './app/i18n';
import { routes } from './app/router';
import { CabinetLoading } from './features/cabinet/CabinetLoading';
import { PRERENDERED_LANGUAGE, PRERENDERED_TEXTS } from './prerender/markers';
import type { PrerenderedRoute } from './prerender/routes';
import { PageHeadContext, type PageHead } from './ui/pageHead';
import { PageLoader } from './ui/PageLoader';
import { usePageTitle } from './ui/usePageTitle';

export { LANGUAGES } from './app/i18n';
export { PRERENDERED_ROUTES } from './prerender/routes';

export interface PrerenderedPage {
  /** The root element with the page's content, as it goes into index.html. */
  root: string;
  title: string;
  description: string;
  /** The text namespaces the page shows. */
  texts: string[];
}

/** Every namespace of texts: all are loaded, so no component waits for its texts while rendering. */
const NAMESPACES = Object.keys(import.meta.glob('./locales/en/*.json')).map((file) => file.replace(/^.*\/(\w+)\.json$/, '$1'));
/** Descriptions of the pages for their head, read here only (not by any screen). */
const META_NAMESPACE = 'meta';

const handler = createStaticHandler(routes);

/** The namespaces the components asked for while rendering (react-i18next records them). */
interface UsedNamespaces {
  reportNamespaces?: { usedNamespaces: Record<string, boolean>; getUsedNamespaces(): string[] };
}

function ShellPage({ titleKey }: { titleKey: string }) {
  usePageTitle(titleKey);
  return <CabinetLoading titleKey={titleKey} />;
}

async function routeElement(path: string) {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${path} fails to render: ${JSON.stringify(context.errors)}`);
  // The same tree as main.tsx, the static router in place of the browser's.
  return (
    <StrictMode>
      <Suspense fallback={<PageLoader />}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </Suspense>
    </StrictMode>
  );
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function prerender(route: PrerenderedRoute, language: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18next.changeLanguage(language);
  await i18next.loadNamespaces(NAMESPACES);
  const used = (i18next as unknown as UsedNamespaces).reportNamespaces;
  if (used) used.usedNamespaces = {};
  const head: PageHead = {};
  const element = route.shellTitleKey ? <ShellPage titleKey={route.shellTitleKey} /> : await routeElement(route.path);
  const html = renderToString(<PageHeadContext.Provider value={head}>{element}</PageHeadContext.Provider>);
  if (!head.title) throw new Error(`${route.path} sets no page title`);
  const texts = ['common', ...(used?.getUsedNamespaces() ?? [])].filter((namespace, index, all) => all.indexOf(namespace) === index);
  // A screen behind sign-in is drawn anew in the browser; a page with content is taken over as it is.
  const attributes = route.shellTitleKey ? '' : ` ${PRERENDERED_LANGUAGE}="${language}" ${PRERENDERED_TEXTS}="${escapeAttribute(texts.join(','))}"`;
  return {
    root: `<div id="root"${attributes}>${html}</div>`,
    title: head.title,
    description: i18next.t(`description.${route.name}`, { ns: META_NAMESPACE }),
    texts,
  };
}
