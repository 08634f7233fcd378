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
import { PRERENDERED_LANGUAGE, PRERENDERED_TEXTS, TAKEN_OVER_ON_FIRST_USE } from './prerender/markers';
import { takeOverPage } from './prerender/takeOver';

const root = document.getElementById('root')!;
// A page pre-rendered at build time names its language and the texts it shows (entry-prerender.tsx).
const prerenderedLanguage = root.getAttribute(PRERENDERED_LANGUAGE);
const prerenderedTexts = root.getAttribute(PRERENDERED_TEXTS)?.split(',') ?? [];
const location = `${window.location.pathname}${window.location.search}`;
// Pages are pre-rendered for their bare address: a query other than the language may change them.
const prerenderedForThisAddress = [...new URLSearchParams(window.location.search).keys()].every((key) => key === 'lng');

/**
 * What shows that the visitor is about to use the page. A pre-rendered page of the public site is
 * already drawn and its links already lead somewhere, so it is taken over on the first of these
 * rather than at once (the sign-in pages are taken over at once: see takenOverOnFirstUse):
 * taking over the whole page is the longest task on a slow phone's main thread while it loads.
 * Listening on the window in the capture phase, the page is taken over (synchronously) before the
 * event reaches the element, so the click or key that follows already finds the app's handlers.
 */
const FIRST_USE = ['pointerover', 'pointerdown', 'keydown', 'focusin'] as const;

let usedAlready = false;
let takeOver: (() => void) | null = null;
const onFirstUse = () => {
  for (const type of FIRST_USE) window.removeEventListener(type, onFirstUse, true);
  if (takeOver) takeOver();
  else usedAlready = true;
};
for (const type of FIRST_USE) window.addEventListener(type, onFirstUse, { capture: true, passive: true });

/**
 * Until the app has the page, a button does nothing and a form would be sent by the browser itself
 * (its fields in the address): a button's click is held and given to the app once it has the page.
 * Links are left alone: they work as they are.
 */
let heldClick: HTMLElement | null = null;
const holdClick = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  heldClick = button;
};
window.addEventListener('click', holdClick, true);

function releaseClicks(replay: boolean): void {
  window.removeEventListener('click', holdClick, true);
  if (replay && heldClick?.isConnected) heldClick.click();
  heldClick = null;
}

void Promise.all([i18nReady, loadRoutesOf(location)])
  .then(() => i18next.loadNamespaces(prerenderedTexts))
  .then(() => {
    const app = (
      <StrictMode>
        <Suspense fallback={<PageLoader />}>
          <RouterProvider router={createRouter()} />
        </Suspense>
      </StrictMode>
    );
    // The same components take over the pre-rendered page as it is, with its route and texts loaded
    // so their first render matches it; a page in another language than the visitor's is redrawn.
    if (prerenderedLanguage === currentLanguage() && prerenderedForThisAddress) {
      // Used while the route was loading: at once; else in the listener, before the event goes on.
      const hydrate = () => {
        takeOverPage(() => hydrateRoot(root, app));
        releaseClicks(true);
      };
      if (usedAlready || !root.hasAttribute(TAKEN_OVER_ON_FIRST_USE)) {
        onFirstUse();
        hydrate();
      } else takeOver = hydrate;
    } else {
      onFirstUse();
      releaseClicks(false);
      createRoot(root).render(app);
    }
  });
