// Proves that a fee's statement row is found again by its stored purpose, and only by it: the
// readers translate exactly the bank's fees and leave a client's own purpose as typed.
import { describe, expect, it } from 'vitest';
import { BANK_FEE_PURPOSES, bankFeeOf } from './tariffs';

describe('bankFeeOf', () => {
  it('names the fee of each stored fee purpose', () => {
    expect(bankFeeOf('Withdrawal of a payment order')).toBe('withdrawal');
    expect(bankFeeOf('Account maintenance')).toBe('maintenance');
    for (const [fee, purpose] of Object.entries(BANK_FEE_PURPOSES)) expect(bankFeeOf(purpose)).toBe(fee);
  });

  it('finds no fee in any other purpose', () => {
    expect(bankFeeOf(null)).toBeNull();
    expect(bankFeeOf('')).toBeNull();
    expect(bankFeeOf('Invoice 42')).toBeNull();
    expect(bankFeeOf('account maintenance')).toBeNull();
    expect(bankFeeOf('Account maintenance for May')).toBeNull();
    expect(bankFeeOf('toString')).toBeNull();
  });
});
