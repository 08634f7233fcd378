import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteError } from '../ui/RouteError';
import { loadChunk, loadChunkWithTexts } from './lazy';
import { paths } from './paths';

/** The router's component, from this module's chunk (main.tsx loads it after i18next's). */
export { RouterProvider } from 'react-router';

/**
 * A route's chunk together with the translations its screen renders, fetched side by side: the
 * screen would otherwise load its texts only once it first renders, one more round trip on a slow
 * mobile network before the client sees anything. A missing translation never fails the route
 * (i18next resolves and the screen shows its keys, as before).
 */
function withTexts<T>(importer: () => Promise<T>, namespaces: string[], alsoFetch?: () => Promise<unknown>): () => Promise<T> {
  return () => {
    // Warms the browser's module cache only: the screen loads it again (instantly) when it renders.
    alsoFetch?.().catch(() => undefined);
    return loadChunkWithTexts(importer, namespaces);
  };
}

/**
 * The route table, defined once. Every screen is a lazy chunk; the Redux store is only loaded with
 * the screens that use it (sign-in, registration, cabinet, back office), so the public site stays light.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        lazy: withTexts(() => import('../pages/public/PublicLayout'), ['public', 'contact']),
        children: [
          { index: true, lazy: () => loadChunk(() => import('../pages/public/HomePage')) },
          { path: paths.about, lazy: () => loadChunk(() => import('../pages/public/AboutPage')) },
          { path: paths.tariffs, lazy: () => loadChunk(() => import('../pages/public/TariffsPage')) },
          { path: paths.corporate, lazy: () => loadChunk(() => import('../pages/public/CorporatePage')) },
          { path: paths.individual, lazy: () => loadChunk(() => import('../pages/public/IndividualPage')) },
          { path: paths.cards, lazy: () => loadChunk(() => import('../pages/public/CardsPage')) },
          { path: paths.crypto, lazy: () => loadChunk(() => import('../pages/public/CryptoPage')) },
          { path: paths.otherServices, lazy: () => loadChunk(() => import('../pages/public/OtherServicesPage')) },
          { path: paths.contact, lazy: () => loadChunk(() => import('../pages/public/ContactPage')) },
          { path: paths.verify, lazy: withTexts(() => import('../features/statement/verify/VerifyPage'), ['verify']) },
          { path: `${paths.verify}/:code`, lazy: withTexts(() => import('../features/statement/verify/VerifyPage'), ['verify']) },
        ],
      },
      {
        // The screens below first render with the stored state restored (see StoreLayout).
        lazy: withTexts(() => import('./StoreLayout').then(({ Component, restored }) => restored.then(() => ({ Component }))), ['validation']),
        children: [
          { path: paths.login, lazy: withTexts(() => import('../features/auth/LoginPage'), ['auth']) },
          { path: paths.register, lazy: withTexts(() => import('../features/auth/RegisterPage'), ['auth']) },
          { path: paths.forgotPassword, lazy: withTexts(() => import('../features/auth/ForgotPasswordPage'), ['auth']) },
          { path: paths.resetPassword, lazy: withTexts(() => import('../features/auth/ResetPasswordPage'), ['auth']) },
          {
            path: `${paths.cabinet}/*`,
            lazy: withTexts(
              () => import('../features/cabinet/CabinetRoute'),
              ['cabinet', 'accounts'],
              // An identified client's cabinet opens on the accounts screen, itself a lazy chunk.
              () => import('../features/accounts/AccountsScreen'),
            ),
          },
        ],
      },
      // The bank's operators: no client store, a session of its own (docs/bank-controls.md).
      { path: `${paths.backoffice}/*`, lazy: () => loadChunk(() => import('../features/backoffice/BackofficeRoute')) },
      { path: '*', lazy: () => loadChunk(() => import('../ui/NotFound')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes (chunks and texts) that `location` opens, before the router is made: its
 * first render is then the page itself, as pre-rendered at build time, rather than nothing while
 * they load. A route that fails to load hands its error to the router, which shows it at once
 * (docs/product.md#tariffs-and-limits: a chunk that has not arrived within its time-out is not waited for a second time).
 */
export async function loadRoutesOf(location: string): Promise<void> {
  const matched = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matched.map(async ({ route }) => {
      const { lazy } = route;
      if (typeof lazy !== 'function') return;
      try {
        Object.assign(route, await lazy(), { lazy: undefined });
      } catch (error) {
        route.lazy = () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
}
