import type { MenuKey } from './menu';

/** Line icons of the side menu: 24-unit paths drawn with the current text colour. */
const PATHS: Record<MenuKey | 'logout', string> = {
  accounts: 'M3 6h18v12H3zM3 10h18M7 15h4',
  transfer: 'M4 8h13l-3-3M20 16H7l3 3',
  schedules: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M12 13v3l2 1',
  // A safe: the deposit box with its dial.
  deposits: 'M4 5h16v14H4zM4 19v2M20 19v2M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 9v1M17 10v4',
  // A payment card with its magnetic stripe.
  cards: 'M3 5h18v14H3zM3 9h18M3 12h18M7 16h3',
  rate: 'M7 4v16M7 4l-3 3M7 4l3 3M17 20V4M17 20l-3-3M17 20l3-3',
  crypto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM10 8h3a2 2 0 0 1 0 4h-3zM10 12h4a2 2 0 0 1 0 4h-4zM10 7v10M12 6v2M12 16v2',
  cryptoTransfer: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
  kyc: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM9 12l2 2 4-4',
  // A padlock: the accounts closed to new money.
  closure: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9',
};

export function MenuIcon({ name }: { name: MenuKey | 'logout' }) {
  return (
    <svg className="menu-icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The three-line toggle of the side menu. */
export function BurgerIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CheckBadgeIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12l5 5 9-10" />
    </svg>
  );
}
