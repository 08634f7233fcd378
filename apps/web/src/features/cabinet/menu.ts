import { isIdentified, type KycStatus } from '@bank/contracts/kyc/kyc-status';

/** docs/product.md#screens-and-routes: what the cabinet's side menu can show; logout is an action, not a screen. */
export const MENU_KEYS = ['accounts', 'transfer', 'schedules', 'deposits', 'cards', 'rate', 'crypto', 'cryptoTransfer', 'kyc', 'settings', 'closure'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** docs/product.md#tariffs-and-limits: open by default in windows wider than this. */
export const MENU_OPEN_ABOVE_PX = 768;
/**
 * docs/product.md#tariffs-and-limits: in windows narrower than this the menu closes itself, on a
 * click outside it and once an entry is chosen.
 */
export const MENU_CLOSES_ITSELF_BELOW_PX = 1400;

/** Whether the menu, open in a window `width` px wide, closes itself (see above). */
export function menuClosesItself(width: number): boolean {
  return width < MENU_CLOSES_ITSELF_BELOW_PX;
}

/**
 * docs/product.md: identified clients see accounts, transfer, rate, crypto and cryptoTransfer, the
 * scheduled payments next to transfer (docs/time.md), their term deposits (docs/deposits.md) and their
 * cards (docs/cards.md), money entries all;
 * unidentified clients only the verification entry; settings always (logout too, drawn apart).
 * A client the bank has closed (docs/bank-controls.md#closing-a-client) sees the closure alone:
 * every other screen's calls are refused to them.
 */
export function visibleMenuKeys(kycStatus: KycStatus | null | undefined, closedByBank = false): MenuKey[] {
  if (closedByBank) return ['closure'];
  return isIdentified(kycStatus) ? ['accounts', 'transfer', 'schedules', 'deposits', 'cards', 'rate', 'crypto', 'cryptoTransfer', 'settings'] : ['kyc', 'settings'];
}

/** The first screen of a client: accounts once identified, verification before. */
export function defaultMenuKey(identified: boolean): MenuKey {
  return identified ? 'accounts' : 'kyc';
}

/**
 * docs/product.md#screens-and-routes: while the KYC status is missing, New or Rejected only the KYC
 * screen shows, whatever was chosen; once the bank has closed the client, only the closure.
 */
export function screenToShow(choice: MenuKey, kycStatus: KycStatus | null | undefined, closedByBank = false): MenuKey {
  if (closedByBank) return 'closure';
  if (choice === 'closure') return defaultMenuKey(isIdentified(kycStatus));
  return isIdentified(kycStatus) ? choice : 'kyc';
}

/** The profile block's name: first and last name, or the company name when there is no first name. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; companyName?: string | null; email?: string }): string {
  if (user.firstName) return [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.companyName || user.email || '';
}
