import { isIdentified, type KycStatus } from '@bank/contracts/kyc/kyc-status';

/** SPEC §2: what the cabinet's side menu can show; logout is an action, not a screen. */
export const MENU_KEYS = ['accounts', 'transfer', 'schedules', 'deposits', 'rate', 'crypto', 'cryptoTransfer', 'kyc', 'settings'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** SPEC §9: open by default in windows wider than this. */
export const MENU_OPEN_ABOVE_PX = 768;
/** SPEC §9: an outside click closes the menu in windows narrower than this. */
export const MENU_CLOSES_ON_OUTSIDE_CLICK_BELOW_PX = 1400;

/**
 * SPEC §2/§6: identified clients see accounts, transfer, rate, crypto and cryptoTransfer, the
 * scheduled payments next to transfer (DESIGN §14) and their term deposits (DESIGN §16), money
 * entries all;
 * unidentified clients only the verification entry; settings always (logout too, drawn apart).
 */
export function visibleMenuKeys(kycStatus: KycStatus | null | undefined): MenuKey[] {
  return isIdentified(kycStatus) ? ['accounts', 'transfer', 'schedules', 'deposits', 'rate', 'crypto', 'cryptoTransfer', 'settings'] : ['kyc', 'settings'];
}

/** The first screen of a client: accounts once identified, verification before. */
export function defaultMenuKey(identified: boolean): MenuKey {
  return identified ? 'accounts' : 'kyc';
}

/** SPEC §2: while the KYC status is missing, New or Rejected only the KYC screen shows, whatever was chosen. */
export function screenToShow(choice: MenuKey, kycStatus: KycStatus | null | undefined): MenuKey {
  return isIdentified(kycStatus) ? choice : 'kyc';
}

/** The profile block's name: first and last name, or the company name when there is no first name. */
export function displayName(user: { firstName?: string | null; lastName?: string | null; companyName?: string | null; email?: string }): string {
  if (user.firstName) return [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.companyName || user.email || '';
}
