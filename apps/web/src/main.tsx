// First: every zod schema built later must see the jitless setting (see the module).
import './lib/zodWithoutEval';
import './ui/fonts.css';
import './ui/theme.css';
import './ui/layout.css';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startEarlyReads } from './lib/earlyReads';
import { PageLoader } from './ui/PageLoader';
import { PRERENDERED_LANGUAGE, PRERENDERED_TEXTS } from './prerender/markers';
import { AppReady, nextTask, startTakeOver } from './prerender/takeOver';
import { rememberTypedValues } from './prerender/typedValues';

// First of all: the reads the page's first screen waits for start beside the chunks it needs.
startEarlyReads(window.location.pathname, window.localStorage);

const root = document.getElementById('root')!;
// A page pre-rendered at build time names its language and the texts it shows (entry-prerender.tsx).
const prerenderedLanguage = root.getAttribute(PRERENDERED_LANGUAGE);
const prerenderedTexts = root.getAttribute(PRERENDERED_TEXTS)?.split(',') ?? [];
const location = `${window.location.pathname}${window.location.search}`;
// Pages are pre-rendered for their bare address: a query other than the language may change them.
const prerenderedForThisAddress = [...new URLSearchParams(window.location.search).keys()].every((key) => key === 'lng');

/**
 * Runs `takeOver` once the page has loaded and the browser has painted it: the drawn page shows
 * first, and taking it over, a long task on a slow phone, does not hold back its first paint.
 * Until the app has the whole page a form sent is held by the page's own script (src/boot.ts) and
 * sent once it has. Links work as links.
 */
function afterFirstPaint(takeOver: () => void): void {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(takeOver, 0));
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

/**
 * i18next and React Router arrive in chunks of their own (vite.config.ts), evaluated one at a time:
 * evaluating a script is one task the page cannot answer input during, and on a slow phone the
 * three together were one of 170 ms. The router's chunk imports i18next's, so it is asked for only
 * once that one has run: asked for together, both would run in one task whenever the router's
 * arrived first or both were preloaded.
 */
async function loadApp() {
  const { default: i18next, currentLanguage, i18nReady } = await import('./app/i18n');
  await nextTask();
  const { createRouter, loadRoutesOf, RouterProvider } = await import('./app/router');
  await Promise.all([i18nReady, loadRoutesOf(location)]);
  await i18next.loadNamespaces(prerenderedTexts);
  return { currentLanguage, createRouter, RouterProvider };
}

void loadApp().then(({ currentLanguage, createRouter, RouterProvider }) => {
  const app = (
    <StrictMode>
      <AppReady>
        <Suspense fallback={<PageLoader />}>
          <RouterProvider router={createRouter()} />
        </Suspense>
      </AppReady>
    </StrictMode>
  );
  // The same components take over the pre-rendered page as it is, with its route and texts loaded
  // so their first render matches it; a page in another language than the visitor's is redrawn.
  if (prerenderedLanguage === currentLanguage() && prerenderedForThisAddress) {
    startTakeOver();
    afterFirstPaint(() => {
      rememberTypedValues();
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
});
