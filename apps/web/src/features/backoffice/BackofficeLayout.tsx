import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { DisclosureButton } from '../../ui/DisclosureButton';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { usePageTitle } from '../../ui/usePageTitle';
import { backoffice } from './api';
import { menuFor } from './menu';
import { endOperatorSession, type OperatorSession } from './session';

/** The signed-in back office: the menu of the operator's areas, who is signed in, and the screen. */
export function BackofficeLayout({ session }: { session: OperatorSession }) {
  const { t } = useTranslation('backoffice');
  usePageTitle('title', 'backoffice');
  const navigate = useNavigate();
  const { operator } = session;
  // On a phone the menu folds away behind a button, and folds again once an entry is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  async function signOut() {
    await backoffice('POST', 'logout').catch(() => undefined);
    endOperatorSession();
    void navigate('/backoffice/login', { replace: true });
  }
  return (
    <div className="backoffice app-shell">
      <aside className={menuOpen ? 'backoffice__menu app-shell__menu backoffice__menu--open' : 'backoffice__menu app-shell__menu'}>
        <div className="backoffice__menu-head row-spread">
          <span className="backoffice__brand">{t('brand')}</span>
          <DisclosureButton controls={menuId} expanded={menuOpen} className="backoffice__menu-toggle" onToggle={() => setMenuOpen((open) => !open)}>
            {t('menu.toggle')}
          </DisclosureButton>
        </div>
        <nav id={menuId} aria-label={t('menu.navigation')}>
          <ul className="app-shell__entries">
            {menuFor(operator.roles).map((entry) => (
              <li key={entry.key}>
                <NavLink to={entry.path} end={entry.path === '/backoffice'} className="backoffice__link app-shell__entry">
                  {t(`menu.${entry.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="backoffice__main app-shell__main">
        <header className="backoffice__topbar">
          <div className="backoffice__who">
            <strong>{operator.name}</strong>
            <span className="backoffice__roles">{operator.roles.map((role) => t(`roles.${role}`)).join(', ')}</span>
          </div>
          <LanguageSwitch />
          <button type="button" className="button button--secondary" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </header>
        <main className="backoffice__content" id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
