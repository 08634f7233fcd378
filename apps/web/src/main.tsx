// First: every zod schema built later must see the jitless setting (see the module).
import './lib/zodWithoutEval';
import './ui/fonts.css';
import './ui/theme.css';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import i18next, { currentLanguage, i18nReady } from './app/i18n';
import { createRouter, loadRoutesOf } from './app/router';
import { PageLoader } from './ui/PageLoader';
import { PRERENDERED_LANGUAGE, PRERENDERED_TEXTS } from './prerender/markers';
import { AppReady, startTakeOver } from './prerender/takeOver';

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
 * Until then a form is not sent by the browser itself (its fields would go into the address): the
 * submission is dropped and works once the app has the page, a moment later. Links work as links.
 */
function afterFirstPaint(takeOver: () => void): void {
  const holdSubmit = (event: Event) => event.preventDefault();
  window.addEventListener('submit', holdSubmit, true);
  const afterPaint = () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.removeEventListener('submit', holdSubmit, true);
        takeOver();
      }, 0),
    );
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}

void Promise.all([i18nReady, loadRoutesOf(location)])
  .then(() => i18next.loadNamespaces(prerenderedTexts))
  .then(() => {
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
      afterFirstPaint(() => hydrateRoot(root, app));
    } else {
      createRoot(root).render(app);
    }
  });
