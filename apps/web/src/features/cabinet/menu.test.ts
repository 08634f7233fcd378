// Proves the cabinet menu rules of docs/product.md: entries per identification state, the KYC screen
// forced while the status is missing, New or Rejected, the closure alone for a client the bank has
// closed, and the profile name.
import { describe, expect, it } from 'vitest';
import { defaultMenuKey, displayName, menuClosesItself, screenToShow, visibleMenuKeys } from './menu';

describe('cabinet menu', () => {
  it('shows the full menu only to identified clients', () => {
    expect(visibleMenuKeys('Approved')).toEqual(['accounts', 'transfer', 'schedules', 'deposits', 'cards', 'rate', 'crypto', 'cryptoTransfer', 'settings']);
    for (const status of [null, undefined, 'New', 'Rejected'] as const) expect(visibleMenuKeys(status)).toEqual(['kyc', 'settings']);
  });

  it('offers deposits, a money entry, only once the client is identified, and shows none of them before', () => {
    expect(visibleMenuKeys('Approved')).toContain('deposits');
    for (const status of [null, 'New', 'Rejected'] as const) {
      expect(visibleMenuKeys(status)).not.toContain('deposits');
      expect(screenToShow('deposits', status)).toBe('kyc');
    }
    expect(screenToShow('deposits', 'Approved')).toBe('deposits');
  });

  it('offers cards, after deposits, only once the client is identified (docs/cards.md)', () => {
    const keys = visibleMenuKeys('Approved');
    expect(keys.indexOf('cards')).toBe(keys.indexOf('deposits') + 1);
    for (const status of [null, undefined, 'New', 'Rejected'] as const) {
      expect(visibleMenuKeys(status)).not.toContain('cards');
      expect(screenToShow('cards', status)).toBe('kyc');
    }
    expect(screenToShow('cards', 'Approved')).toBe('cards');
    expect(visibleMenuKeys('Approved', true)).toEqual(['closure']);
    expect(screenToShow('cards', 'Approved', true)).toBe('closure');
  });

  it('shows only the KYC screen while the status is missing, New or Rejected', () => {
    for (const status of [null, 'New', 'Rejected'] as const) {
      expect(screenToShow('settings', status)).toBe('kyc');
      expect(screenToShow('accounts', status)).toBe('kyc');
      expect(defaultMenuKey(false)).toBe('kyc');
    }
    expect(screenToShow('settings', 'Approved')).toBe('settings');
    expect(defaultMenuKey(true)).toBe('accounts');
  });

  it('shows only the closure to a client the bank has closed, whatever was chosen and whatever the KYC status', () => {
    for (const status of [null, 'New', 'Rejected', 'Approved'] as const) {
      expect(visibleMenuKeys(status, true)).toEqual(['closure']);
      for (const choice of ['accounts', 'transfer', 'settings', 'kyc', 'closure'] as const) expect(screenToShow(choice, status, true)).toBe('closure');
    }
  });

  it('never shows the closure to a client the bank has not closed', () => {
    expect(visibleMenuKeys('Approved', false)).not.toContain('closure');
    expect(visibleMenuKeys(null)).not.toContain('closure');
    expect(screenToShow('closure', 'Approved')).toBe('accounts');
    expect(screenToShow('closure', 'New', false)).toBe('kyc');
  });

  it('names the client, or the company when there is no first name', () => {
    expect(displayName({ firstName: 'Anna', lastName: 'Petrova', companyName: 'X' })).toBe('Anna Petrova');
    expect(displayName({ firstName: null, companyName: 'Northwind Trading Ltd' })).toBe('Northwind Trading Ltd');
    expect(displayName({ firstName: null, companyName: null, email: 'a@b.c' })).toBe('a@b.c');
  });

  it('closes itself in windows narrower than 1400 px, the phone widths included', () => {
    for (const width of [360, 768, 1280, 1399]) expect(menuClosesItself(width)).toBe(true);
    for (const width of [1400, 1440]) expect(menuClosesItself(width)).toBe(false);
  });
});
