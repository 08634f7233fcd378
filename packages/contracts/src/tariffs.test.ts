// Proves that a fee's statement row is found again by its stored purpose, and only by it: the
// readers translate exactly the bank's fees and leave a client's own purpose as typed.
import { describe, expect, it } from 'vitest';
import { BANK_PURPOSES, bankPurposeOf } from './tariffs';

describe('bankPurposeOf', () => {
  it('names the fee of each stored fee purpose', () => {
    expect(bankPurposeOf('Withdrawal of a payment order')).toBe('withdrawal');
    expect(bankPurposeOf('Account maintenance')).toBe('maintenance');
    for (const [fee, purpose] of Object.entries(BANK_PURPOSES)) expect(bankPurposeOf(purpose)).toBe(fee);
  });

  it('finds no fee in any other purpose', () => {
    expect(bankPurposeOf(null)).toBeNull();
    expect(bankPurposeOf('')).toBeNull();
    expect(bankPurposeOf('Invoice 42')).toBeNull();
    expect(bankPurposeOf('account maintenance')).toBeNull();
    expect(bankPurposeOf('Account maintenance for May')).toBeNull();
    expect(bankPurposeOf('toString')).toBeNull();
  });
});
