import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { TakenOverLater } from '../../prerender/takeOver';
import { PageLoader } from '../../ui/PageLoader';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollToHash } from './useScrollToHash';
import './public.css';

/** Shared layout of the public pages (docs/product.md#screens-and-routes): header, content, footer. */
export function Component() {
  // The contact forms' texts (a small namespace) load with the layout's, so a page with a form
  // appears at once instead of waiting for a second file after the header has shown.
  const { t } = useTranslation(['public', 'contact']);
  useScrollToHash();
  return (
    <div className="public">
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <TakenOverLater>
        <Header />
      </TakenOverLater>
      <main id="main" tabIndex={-1}>
        {/* The page's chunk loads inside the layout, so header and footer stay while it arrives. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <TakenOverLater>
        <Footer />
      </TakenOverLater>
    </div>
  );
}
