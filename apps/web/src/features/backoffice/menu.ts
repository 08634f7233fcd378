import { APPROVAL_AREAS } from '@bank/contracts/backoffice/approvals';
import { mayUse, type BackofficeArea, type OperatorRole } from '@bank/contracts/backoffice/roles';

/** The areas whose proposals the approvals queue shows: an operator who may use any of them sees it. */
const APPROVAL_QUEUE_AREAS: readonly BackofficeArea[] = [...new Set(Object.values(APPROVAL_AREAS))];

/**
 * The back office's menu: each entry with the areas whose roles may open it (contracts'
 * BACKOFFICE_AREAS); an operator sees an entry when their roles open any one of them.
 */
export const BACKOFFICE_MENU: ReadonlyArray<{ key: string; path: string; areas: readonly BackofficeArea[] }> = [
  { key: 'dashboard', path: '/backoffice', areas: ['overview'] },
  { key: 'approvals', path: '/backoffice/approvals', areas: APPROVAL_QUEUE_AREAS },
  { key: 'kyc', path: '/backoffice/kyc', areas: ['kyc'] },
  { key: 'payments', path: '/backoffice/payments', areas: ['payments'] },
  { key: 'incoming', path: '/backoffice/incoming', areas: ['payments'] },
  { key: 'cryptoDeposit', path: '/backoffice/crypto-deposit', areas: ['payments'] },
  { key: 'rates', path: '/backoffice/rates', areas: ['rates'] },
  { key: 'depositRates', path: '/backoffice/deposits/rates', areas: ['rates'] },
  { key: 'highRiskFee', path: '/backoffice/fees/high-risk', areas: ['rates'] },
  { key: 'clients', path: '/backoffice/clients', areas: ['overview'] },
  { key: 'depositLiability', path: '/backoffice/deposits/liability', areas: ['overview'] },
  { key: 'contactMessages', path: '/backoffice/contact-messages', areas: ['overview'] },
  { key: 'audit', path: '/backoffice/audit', areas: ['overview'] },
  { key: 'operators', path: '/backoffice/operators', areas: ['operators'] },
  { key: 'account', path: '/backoffice/account', areas: ['overview'] },
];

export function menuFor(roles: readonly OperatorRole[]) {
  return BACKOFFICE_MENU.filter((entry) => entry.areas.some((area) => mayUse(roles, area)));
}
