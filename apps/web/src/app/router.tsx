import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../ui/RouteError';
import { loadChunk } from './lazy';
import { paths } from './paths';

/**
 * The route table, defined once. Every screen is a lazy chunk; the Redux store is only loaded with
 * the screens that use it (sign-in, registration, cabinet, back office), so the public site stays light.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => loadChunk(() => import('../pages/public/PublicLayout')),
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
        ],
      },
      {
        lazy: () => loadChunk(() => import('./StoreLayout')),
        children: [
          { path: paths.login, lazy: () => loadChunk(() => import('../features/auth/LoginPage')) },
          { path: paths.register, lazy: () => loadChunk(() => import('../features/auth/RegisterPage')) },
          { path: paths.forgotPassword, lazy: () => loadChunk(() => import('../features/auth/ForgotPasswordPage')) },
          { path: paths.resetPassword, lazy: () => loadChunk(() => import('../features/auth/ResetPasswordPage')) },
          { path: `${paths.cabinet}/*`, lazy: () => loadChunk(() => import('../features/cabinet/CabinetRoute')) },
        ],
      },
      // The bank's operators: no client store, a session of its own (DESIGN §10).
      { path: `${paths.backoffice}/*`, lazy: () => loadChunk(() => import('../features/backoffice/BackofficeRoute')) },
      { path: '*', lazy: () => loadChunk(() => import('../ui/NotFound')) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
