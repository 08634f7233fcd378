import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '../../app/paths';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import './public.css';

/** Shared layout of the public pages: header, content, footer. */
export function Component() {
  const { t } = useTranslation('common');
  return (
    <div className="public">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="public-header">
        <div className="container public-header__inner">
          <Link to={paths.home} className="brand">
            {t('brand.name')}
          </Link>
          <nav aria-label={t('nav.label')} className="public-nav">
            <NavLink to={paths.about}>{t('nav.about')}</NavLink>
            <NavLink to={paths.tariffs}>{t('nav.tariffs')}</NavLink>
            <NavLink to={paths.contact}>{t('nav.contact')}</NavLink>
          </nav>
          <LanguageSwitch />
          <Link className="button" to={paths.login}>
            {t('nav.login')}
          </Link>
        </div>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="public-footer">
        <div className="container">{t('footer.copyright')}</div>
      </footer>
    </div>
  );
}
