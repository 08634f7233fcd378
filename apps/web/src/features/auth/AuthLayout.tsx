import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import './auth.css';

/** The standalone pages (sign-in, registration, password): brand, language switch and one card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Link to={paths.home} className="auth-page__brand">
          {t('brand.name')}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth-page__main" id="main">
        <section className="auth-card">{children}</section>
      </main>
      <footer className="auth-page__footer">{t('footer.copyright')}</footer>
    </div>
  );
}

/** The back arrow at the top of a card: a link to another page, or a button going one step back. */
export function BackArrow({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  const icon = (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
  if (to) {
    return (
      <Link to={to} className="back-arrow" aria-label={label} title={label}>
        {icon}
      </Link>
    );
  }
  return (
    <button type="button" className="back-arrow" aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
}
