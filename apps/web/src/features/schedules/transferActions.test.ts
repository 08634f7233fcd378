// Proves which rows offer the client an action: Cancel on its own scheduled transfers, Withdraw on
// its orders abroad still waiting for the bank, nothing on received, booked or final rows.
import { TRANSACTION_STATUSES } from '@bank/contracts/transfers/status';
import { describe, expect, it } from 'vitest';
import { clientActionOf, showsReason } from './transferActions';

describe('client transfer actions', () => {
  it('cancels a scheduled transfer of any kind and withdraws only a New order abroad', () => {
    expect(clientActionOf({ status: 'Scheduled', direction: 'OUT', reference: 'Internal' })).toBe('cancel');
    expect(clientActionOf({ status: 'Scheduled', direction: 'OUT', reference: 'International' })).toBe('cancel');
    expect(clientActionOf({ status: 'New', direction: 'OUT', reference: 'International' })).toBe('withdraw');
    expect(clientActionOf({ status: 'New', direction: 'OUT', reference: 'Internal' })).toBeNull();
  });

  it('offers nothing on a card payment waiting for its clearing', () => {
    expect(clientActionOf({ status: 'New', direction: 'OUT', reference: 'International', transactionType: 'Card' })).toBeNull();
  });

  it('offers nothing on received rows or in any other status', () => {
    expect(clientActionOf({ status: 'Scheduled', direction: 'IN', reference: 'Internal' })).toBeNull();
    for (const status of TRANSACTION_STATUSES.filter((s) => s !== 'Scheduled' && s !== 'New')) {
      expect(clientActionOf({ status, direction: 'OUT', reference: 'International' })).toBeNull();
    }
  });

  it('gives the reason of denied and failed rows only', () => {
    expect(TRANSACTION_STATUSES.filter(showsReason)).toEqual(['Denied', 'Failed']);
  });
});
