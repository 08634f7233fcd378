import { describe, expect, it } from 'vitest';
import { createCryptoTransferRequestSchema } from './create-crypto-transfer';

const valid = { type: 'crypto', fromWallet: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.015', currency: 'BTC' };

function fieldsOf(input: Record<string, unknown>): Record<string, string> {
  const result = createCryptoTransferRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('crypto transfer request', () => {
  it('accepts a valid address of the coin and an amount in its scale', () => {
    expect(fieldsOf(valid)).toEqual({});
    expect(fieldsOf({ ...valid, currency: 'ETH', recipient: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '0.000000000000000001' })).toEqual({});
  });

  it('refuses an address of another network, a broken checksum, too many decimals, zero and negative amounts', () => {
    expect(fieldsOf({ ...valid, recipient: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toEqual({ recipient: 'validation.cryptoAddress.invalid' });
    expect(fieldsOf({ ...valid, recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' })).toEqual({ recipient: 'validation.cryptoAddress.invalid' });
    expect(fieldsOf({ ...valid, amount: '0.000000001' })).toEqual({ amount: 'validation.amount.tooManyDecimals' });
    expect(fieldsOf({ ...valid, amount: '0' })).toEqual({ amount: 'validation.amount.notPositive' });
    expect(fieldsOf({ ...valid, amount: '-1' })).toEqual({ amount: 'validation.amount.notPositive' });
    expect(fieldsOf({ ...valid, currency: 'EUR' })).toMatchObject({ currency: 'validation.currency.unknown' });
  });
});
