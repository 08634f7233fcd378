// Proves the menu offers each operator exactly the areas their roles open, the approvals queue to
// whoever may check any kind of proposal, and their own account to everyone.
import { APPROVAL_AREAS, APPROVAL_KINDS } from '@bank/contracts/backoffice/approvals';
import { mayUse, OPERATOR_ROLES, type OperatorRole } from '@bank/contracts/backoffice/roles';
import { describe, expect, it } from 'vitest';
import { BACKOFFICE_MENU, menuFor } from './menu';

const keys = (roles: OperatorRole[]) => menuFor(roles).map((entry) => entry.key);

describe('back-office menu', () => {
  it('shows each role only the areas it may use', () => {
    // Compliance checks a client's risk level (a proposal of kind clientRisk), so it has the approvals queue.
    expect(keys(['compliance'])).toEqual(['dashboard', 'approvals', 'kyc', 'clients', 'depositLiability', 'contactMessages', 'audit', 'account']);
    expect(keys(['payments'])).toEqual(['dashboard', 'approvals', 'payments', 'incoming', 'cryptoDeposit', 'clients', 'depositLiability', 'contactMessages', 'audit', 'account']);
    expect(keys(['admin'])).toEqual(BACKOFFICE_MENU.map((entry) => entry.key));
  });

  it('joins the entries of several roles without repeating one', () => {
    expect(keys(['compliance', 'payments'])).toEqual(['dashboard', 'approvals', 'kyc', 'payments', 'incoming', 'cryptoDeposit', 'clients', 'depositLiability', 'contactMessages', 'audit', 'account']);
  });

  it('offers the approvals queue exactly to the roles that may check some kind of proposal', () => {
    for (const role of OPERATOR_ROLES) {
      const checksSomeKind = APPROVAL_KINDS.some((kind) => mayUse([role], APPROVAL_AREAS[kind]));
      expect({ role, approvals: keys([role]).includes('approvals') }).toEqual({ role, approvals: checksSomeKind });
    }
  });

  it('offers no menu to an operator without roles', () => {
    expect(keys([])).toEqual([]);
  });
});
