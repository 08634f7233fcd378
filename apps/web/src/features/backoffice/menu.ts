import { mayUse, type BackofficeArea, type OperatorRole } from '@bank/contracts/backoffice/roles';

/** The back office's menu: each entry with the area whose roles may open it (contracts' BACKOFFICE_AREAS). */
export const BACKOFFICE_MENU: ReadonlyArray<{ key: string; path: string; area: BackofficeArea }> = [
  { key: 'dashboard', path: '/backoffice', area: 'overview' },
  { key: 'kyc', path: '/backoffice/kyc', area: 'kyc' },
  { key: 'payments', path: '/backoffice/payments', area: 'payments' },
  { key: 'incoming', path: '/backoffice/incoming', area: 'payments' },
  { key: 'cryptoDeposit', path: '/backoffice/crypto-deposit', area: 'payments' },
  { key: 'rates', path: '/backoffice/rates', area: 'rates' },
  { key: 'clients', path: '/backoffice/clients', area: 'overview' },
  { key: 'contactMessages', path: '/backoffice/contact-messages', area: 'overview' },
  { key: 'audit', path: '/backoffice/audit', area: 'overview' },
  { key: 'operators', path: '/backoffice/operators', area: 'operators' },
];

export function menuFor(roles: readonly OperatorRole[]) {
  return BACKOFFICE_MENU.filter((entry) => mayUse(roles, entry.area));
}
