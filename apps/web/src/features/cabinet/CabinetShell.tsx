import { isIdentified } from '@bank/contracts/kyc/kyc-status';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from '../../ui/DisclosureButton';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setClientClosedHandler, setInvalidAuthorizationHandler } from '../../lib/api';
import { PageLoader } from '../../ui/PageLoader';
import { usePageTitle } from '../../ui/usePageTitle';
import { clientClosureNoticed, selectClosedByBank, selectKycStatus, selectTokenIsValid, sessionExpired } from '../auth';
import { resolveClientTimeZoneWhenIdle } from '../statement';
import { CabinetContext, type CabinetNavigation } from './cabinetContext';
import { BurgerIcon } from './icons';
import { MENU_OPEN_ABOVE_PX, defaultMenuKey, menuClosesItself, screenToShow, type MenuKey } from './menu';
import { screens } from './screens';
import { SessionExpiredModal } from './SessionExpiredModal';
import { SideMenu } from './SideMenu';
import { useCabinetData } from './useCabinetData';
import { useMenuOpenState } from './useMenuOpenState';
import { useSignOut } from './useSignOut';
import './cabinet.css';

/**
 * The signed-in cabinet: side menu, the screen the menu chose, and the session-expired modal that
 * any 'Invalid authorization data' answer opens (docs/product.md). Once the bank has closed the
 * client (the user data says so, or any call answers 403 CLIENT_CLOSED) only the closure shows
 * (docs/bank-controls.md#closing-a-client).
 */
export function CabinetShell({ initialScreen }: { initialScreen: MenuKey | null }) {
  const { t } = useTranslation('cabinet');
  usePageTitle('screens.cabinet');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const kycStatus = useAppSelector(selectKycStatus);
  const tokenIsValid = useAppSelector(selectTokenIsValid);
  const closedByBank = useAppSelector(selectClosedByBank);
  const signOut = useSignOut();
  const menuId = useId();
  const menuRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen, closeMenu] = useMenuOpenState(menuRef, toggleRef);
  const [choice, setChoice] = useState<MenuKey>(() => initialScreen ?? defaultMenuKey(isIdentified(kycStatus)));
  useCabinetData(menuOpen);

  // Going to /kabinet again (e.g. Ok after a transfer) starts from the client's first screen, and
  // so does a change of identification (an approval seen on refresh opens the accounts).
  const identified = isIdentified(kycStatus);
  useEffect(() => {
    setChoice(initialScreen ?? defaultMenuKey(identified));
  }, [location.key, identified, initialScreen]);

  useEffect(() => {
    setInvalidAuthorizationHandler(() => dispatch(sessionExpired()));
    setClientClosedHandler(() => dispatch(clientClosureNoticed()));
    return () => {
      setInvalidAuthorizationHandler(undefined);
      setClientClosedHandler(undefined);
    };
  }, [dispatch]);

  useEffect(resolveClientTimeZoneWhenIdle, []);

  const navigation = useMemo<CabinetNavigation>(
    () => ({
      active: choice,
      select(key) {
        setChoice(key);
        if (window.innerWidth <= MENU_OPEN_ABOVE_PX) setMenuOpen(false);
      },
    }),
    [choice, setMenuOpen],
  );
  // Where the menu closes on a click beside it, an entry chosen in it closes it as well.
  const chooseInMenu = (key: MenuKey) => {
    setChoice(key);
    if (menuClosesItself(window.innerWidth)) closeMenu();
  };
  const shown = screenToShow(choice, kycStatus, closedByBank);
  const Screen = screens[shown];

  return (
    <CabinetContext.Provider value={navigation}>
      <div className={`cabinet app-shell ${menuOpen ? 'cabinet--menu-open' : ''}`}>
        <SideMenu
          ref={menuRef}
          id={menuId}
          open={menuOpen}
          active={shown}
          onSelect={chooseInMenu}
          onSignOut={() => void signOut()}
          onClose={closeMenu}
        />
        {menuOpen ? <div className="cabinet__backdrop" aria-hidden="true" /> : null}
        <div className="cabinet__main app-shell__main">
          <header className="cabinet__topbar">
            <DisclosureButton
              ref={toggleRef}
              className="cabinet__toggle"
              controls={menuId}
              expanded={menuOpen}
              label={menuOpen ? t('menu.collapse') : t('menu.expand')}
              onToggle={() => setMenuOpen((open) => !open)}
            >
              <BurgerIcon />
            </DisclosureButton>
            <span className="cabinet__title">{t(`menu.items.${shown}`)}</span>
          </header>
          <main className="cabinet__content" id="main">
            <Suspense fallback={<PageLoader />}>
              <Screen key={shown} />
            </Suspense>
          </main>
        </div>
      </div>
      {tokenIsValid ? null : <SessionExpiredModal onConfirm={() => void signOut()} />}
    </CabinetContext.Provider>
  );
}
