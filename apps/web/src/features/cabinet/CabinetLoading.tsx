import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/PageLoader';
import './cabinet.css';

/**
 * The cabinet's frame while it loads, the same for every client (its pre-rendered page,
 * entry-prerender.tsx): the working area's top bar named after the bank and online banking, and the
 * loading state under it. It paints text at once where a bare loader would paint nothing, and the
 * browser then draws the client's cabinet in its place.
 */
export function CabinetLoading({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="cabinet app-shell">
      <div className="cabinet__main app-shell__main">
        <header className="cabinet__topbar">
          <span className="cabinet__title">
            {t('brand.name')} · {t(titleKey)}
          </span>
        </header>
        <main className="cabinet__content" id="main">
          <PageLoader />
        </main>
      </div>
    </div>
  );
}
