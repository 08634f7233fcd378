// Proves the short form of a deposit address: its head and tail, and short texts left whole.
import { describe, expect, it } from 'vitest';
import { shortAddress } from './walletLabels';

describe('shortAddress', () => {
  it('keeps the first six and the last four characters', () => {
    expect(shortAddress('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('bc1qcr…6fyu');
    expect(shortAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe…eAed');
  });

  it('leaves a text that is short already as it is', () => {
    expect(shortAddress('abcdefghijk')).toBe('abcdefghijk');
    expect(shortAddress('')).toBe('');
  });
});
