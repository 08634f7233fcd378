import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from '../../ui/DisclosureButton';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { BrandMark, Icon } from './icons';
import { OTHER_SERVICE_LINKS } from './content';
import { OtherServicesMenu } from './OtherServicesMenu';

/** The pages the header links to, by their key of `paths` (the text is `header.nav.<key>`), either side of the services menu. */
const PAGES_BEFORE_SERVICES = ['corporate', 'individual', 'cards', 'crypto'] as const;
const PAGES_AFTER_SERVICES = ['tariffs', 'about', 'contact'] as const;
type NavPage = (typeof PAGES_BEFORE_SERVICES)[number] | 'otherServices' | (typeof PAGES_AFTER_SERVICES)[number];

const navLinkClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' site-nav__link--active' : ''}`;

/** Brand, links to the public pages, the services dropdown, EN/RU and log in; a burger menu below 1200 px. */
export function Header() {
  const { t } = useTranslation('public');
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const panelId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);

  // Choosing a link in the burger menu navigates; the menu then closes. Only on a new address: the
  // menu may have been opened already when the effects of taking over a pre-rendered page run.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const navLink = (page: NavPage) => (
    <NavLink key={page} to={paths[page]} className={navLinkClass}>
      {t(`header.nav.${page}`)}
    </NavLink>
  );

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">
          <BrandMark />
          <span>{t('common:brand.name')}</span>
        </Link>
        <nav aria-label={t('header.navLabel')} className="site-nav">
          {PAGES_BEFORE_SERVICES.map(navLink)}
          <OtherServicesMenu />
          {PAGES_AFTER_SERVICES.map(navLink)}
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch />
          <Link className="button button--small" to={paths.login}>
            {t('header.login')}
          </Link>
        </div>
        <DisclosureButton
          ref={burgerRef}
          className="burger"
          controls={panelId}
          expanded={menuOpen}
          label={menuOpen ? t('header.menuClose') : t('header.menuOpen')}
          onToggle={() => setMenuOpen(!menuOpen)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={24} />
        </DisclosureButton>
      </div>
      <div id={panelId} className="mobile-menu" hidden={!menuOpen}>
        <nav aria-label={t('header.mobileNavLabel')} className="container mobile-menu__nav">
          <ul className="mobile-menu__list">
            {[...PAGES_BEFORE_SERVICES, 'otherServices' as const, ...PAGES_AFTER_SERVICES].map((page) => (
              <li key={page}>
                <NavLink to={paths[page]} end className="mobile-menu__link" onClick={() => setMenuOpen(false)}>
                  {t(`header.nav.${page}`)}
                </NavLink>
                {page === 'otherServices' && (
                  <ul className="mobile-menu__sublist">
                    {OTHER_SERVICE_LINKS.map((service) => (
                      <li key={service.key}>
                        <Link
                          className="mobile-menu__sublink"
                          to={{ pathname: paths.otherServices, hash: service.hash }}
                          onClick={() => setMenuOpen(false)}
                        >
                          {t(`header.otherServices.${service.key}`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <div className="mobile-menu__actions row-spread">
            <LanguageSwitch />
            <Link className="button" to={paths.login}>
              {t('header.login')}
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
