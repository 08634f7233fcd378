// Proves how the exchange reads its two sides: an account or a wallet by the list it is in (USDT is
// kept in both), and a crypto conversion whenever a wallet is on either side.
import { describe, expect, it } from 'vitest';
import { isCryptoConversion, sideOf } from './exchangeSides';

const accounts = [
  { number: '4070000000000158', currency: 'EUR' },
  { number: '4070000000000255', currency: 'USDT' },
];
const wallets = [
  { number: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', currency: 'BTC' },
  { number: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', currency: 'USDT' },
];

describe('sideOf', () => {
  it('finds accounts and wallets with their currencies', () => {
    expect(sideOf('4070000000000158', accounts, wallets)).toEqual({ kind: 'account', currency: 'EUR' });
    expect(sideOf('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', accounts, wallets)).toEqual({ kind: 'wallet', currency: 'BTC' });
  });

  it('tells a USDT account from a USDT wallet', () => {
    expect(sideOf('4070000000000255', accounts, wallets)?.kind).toBe('account');
    expect(sideOf('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', accounts, wallets)?.kind).toBe('wallet');
  });

  it('has no side for nothing chosen or a number not among the client’s', () => {
    expect(sideOf('', accounts, wallets)).toBeNull();
    expect(sideOf('4070000000000999', accounts, wallets)).toBeNull();
    expect(sideOf('4070000000000158', [{ number: '4070000000000158', currency: 'BTC' }], [])).toBeNull();
  });
});

describe('isCryptoConversion', () => {
  it('is a conversion when a wallet is on either side, an exchange between two accounts', () => {
    const account = { kind: 'account', currency: 'EUR' } as const;
    const wallet = { kind: 'wallet', currency: 'BTC' } as const;
    expect(isCryptoConversion(account, { kind: 'account', currency: 'USD' })).toBe(false);
    expect(isCryptoConversion(wallet, account)).toBe(true);
    expect(isCryptoConversion(account, wallet)).toBe(true);
    expect(isCryptoConversion(wallet, { kind: 'wallet', currency: 'ETH' })).toBe(true);
    expect(isCryptoConversion(null, null)).toBe(false);
  });
});
