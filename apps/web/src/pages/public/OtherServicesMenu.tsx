import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisclosureButton } from '../../ui/DisclosureButton';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { OTHER_SERVICE_LINKS } from './content';
import { Icon } from './icons';

/** docs/product.md#tariffs-and-limits: the dropdown closes 200 ms after the pointer leaves it or a click lands outside it. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

/**
 * The header's other-services dropdown (docs/product.md#screens-and-routes): opens on hover or click, closes on an outside
 * click, on leaving it (both after the 200 ms delay), on Escape and when a link is chosen.
 * A disclosure button with a list of links, so keyboards and screen readers use it as a normal list.
 */
export function OtherServicesMenu() {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  /** True while the menu is open only because the pointer rests on it: a click then keeps it open. */
  const openedByHover = useRef(false);
  const listId = useId();

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), []);
  const scheduleClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  }, []);
  const closeNow = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  }, []);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // A layout effect: the listeners are in place as soon as the menu shows, so an Escape or an outside
  // click right after opening is not lost while a passive effect waits for the next frame.
  useLayoutEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) scheduleClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeNow();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, scheduleClose, closeNow]);

  return (
    <div
      ref={rootRef}
      className={`dropdown${open ? ' dropdown--open' : ''}`}
      onMouseEnter={() => {
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={scheduleClose}
      onFocus={cancelClose}
      onBlur={(event) => {
        // Tabbing out of the menu closes it like a click outside.
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) scheduleClose();
      }}
    >
      <DisclosureButton
        ref={buttonRef}
        className="site-nav__link dropdown__toggle"
        expanded={open}
        controls={listId}
        onToggle={() => {
          cancelClose();
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen(!open);
        }}
      >
        {t('header.nav.otherServices')}
        <Icon name="chevronDown" size={16} className="dropdown__chevron" />
      </DisclosureButton>
      <ul id={listId} className="dropdown__menu" hidden={!open}>
        <li>
          <Link className="dropdown__link dropdown__link--all" to={paths.otherServices} onClick={closeNow}>
            {t('header.otherServices.all')}
          </Link>
        </li>
        {OTHER_SERVICE_LINKS.map((link) => (
          <li key={link.key}>
            <Link className="dropdown__link" to={{ pathname: paths.otherServices, hash: link.hash }} onClick={closeNow}>
              {t(`header.otherServices.${link.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
