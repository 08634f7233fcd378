import { useEffect, useState, type RefObject } from 'react';
import { MENU_CLOSES_ON_OUTSIDE_CLICK_BELOW_PX, MENU_OPEN_ABOVE_PX } from './menu';

/**
 * The side menu's open state (docs/product.md): open by default in windows wider than 768 px; in
 * windows narrower than 1400 px a click outside the menu (and outside its toggle) closes it, and
 * so does Escape.
 */
export function useMenuOpenState(menuRef: RefObject<HTMLElement | null>, toggleRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(() => window.innerWidth > MENU_OPEN_ABOVE_PX);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (window.innerWidth >= MENU_CLOSES_ON_OUTSIDE_CLICK_BELOW_PX) return;
      const target = event.target as Node | null;
      if (!target || menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      // A click inside an open dialog (the session modal) is not a click on the page behind it.
      if ((target as Element).closest?.('[role="dialog"]')) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && window.innerWidth < MENU_CLOSES_ON_OUTSIDE_CLICK_BELOW_PX) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, menuRef, toggleRef]);

  return [open, setOpen] as const;
}
