import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { selectClosedByBank, selectKycStatus } from '../auth';
import { MenuIcon } from './icons';
import { visibleMenuKeys, type MenuKey } from './menu';
import { ProfileBlock } from './ProfileBlock';

/**
 * Side menu (docs/product.md#screens-and-routes): profile block, the entries the client's identification allows (the
 * closure alone once the bank has closed the client), EN/RU switch and logout. The chosen entry is marked as the current page.
 */
export const SideMenu = forwardRef<
  HTMLElement,
  { id: string; open: boolean; active: MenuKey; onSelect: (key: MenuKey) => void; onSignOut: () => void; onClose: () => void }
>(function SideMenu({ id, open, active, onSelect, onSignOut, onClose }, ref) {
  const { t } = useTranslation(['cabinet', 'common']);
  const keys = visibleMenuKeys(useAppSelector(selectKycStatus), useAppSelector(selectClosedByBank));
  return (
    <aside ref={ref} id={id} className="side-menu app-shell__menu" hidden={!open} aria-label={t('menu.label')}>
      <div className="side-menu__top">
        <span className="side-menu__brand">{t('brand.name', { ns: 'common' })}</span>
        <button type="button" className="side-menu__close" aria-label={t('menu.close')} onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <ProfileBlock />
      <nav className="side-menu__nav" aria-label={t('menu.navigation')}>
        <ul className="app-shell__entries">
          {keys.map((key) => (
            <li key={key}>
              <button
                type="button"
                className="side-menu__item app-shell__entry"
                aria-current={key === active ? 'page' : undefined}
                onClick={() => onSelect(key)}
              >
                <MenuIcon name={key} />
                {t(`menu.items.${key}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="side-menu__bottom">
        <LanguageSwitch className="side-menu__language" />
        <button type="button" className="side-menu__item side-menu__logout app-shell__entry" onClick={onSignOut}>
          <MenuIcon name="logout" />
          {t('menu.logout')}
        </button>
      </div>
    </aside>
  );
});
