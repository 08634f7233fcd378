import { useCallback, useEffect, useState, type RefObject } from 'react';
import { MENU_OPEN_ABOVE_PX, menuClosesItself } from './menu';

/**
 * The side menu's open state (docs/product.md): open by default in windows wider than 768 px; in
 * windows narrower than 1400 px a click outside the menu (and outside its toggle) closes it, and
 * so does Escape. `close` hands the focus to the toggle when it was inside the menu, so the
 * keyboard is not left on a hidden entry.
 */
export function useMenuOpenState(menuRef: RefObject<HTMLElement | null>, toggleRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(() => window.innerWidth > MENU_OPEN_ABOVE_PX);

  const close = useCallback(() => {
    if (menuRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    setOpen(false);
  }, [menuRef, toggleRef]);

  useEffect(() => {
    if (!open) return;
    // Between 769 and 1399 px the menu stands beside the screen, so closing it moves the screen.
    // Closing on the press would move what was pressed from under the pointer before the release,
    // and the click would land elsewhere: the press only marks an outside click, and the menu
    // closes once that click has reached what was pressed. Keyboard activation presses nothing.
    let pressedOutside = false;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      pressedOutside =
        menuClosesItself(window.innerWidth) &&
        !!target &&
        !menuRef.current?.contains(target) &&
        !toggleRef.current?.contains(target) &&
        // A click inside an open dialog (the session modal) is not a click on the page behind it.
        !(target as Element).closest?.('[role="dialog"]');
    };
    const onPointerCancel = () => {
      // A touch that turned into a scroll is no click.
      pressedOutside = false;
    };
    const onClick = () => {
      if (!pressedOutside) return;
      pressedOutside = false;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menuClosesItself(window.innerWidth)) close();
    };
    // The press is seen in the capture phase, before any handler can stop it.
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointercancel', onPointerCancel, true);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointercancel', onPointerCancel, true);
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, menuRef, toggleRef, close]);

  return [open, setOpen, close] as const;
}
