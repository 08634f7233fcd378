// Proves exact decimal parsing and formatting: never rounded, never a float.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SCALE, decimalToMinor, formatMinor, parseAmount } from './money';

describe('parseAmount', () => {
  it('reads decimal text into minor units', () => {
    expect(parseAmount('1250.5', 'EUR')).toEqual({ ok: true, minor: 125050n });
    expect(parseAmount(0.1, 'USD')).toEqual({ ok: true, minor: 10n });
    expect(parseAmount('0.00000001', 'BTC')).toEqual({ ok: true, minor: 1n });
    expect(parseAmount('1.000000000000000001', 'ETH')).toEqual({ ok: true, minor: 1000000000000000001n });
  });
  it('refuses too many decimals, zero, negatives and non-numbers', () => {
    expect(parseAmount('1.005', 'EUR')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseAmount('0', 'EUR')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseAmount('-5', 'EUR')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount('abc', 'EUR')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount(1e21, 'EUR')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseAmount(Number.NaN, 'EUR')).toEqual({ ok: false, problem: 'invalid' });
  });
  it('round-trips any amount of any currency', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.bigInt({ min: 0n, max: 10n ** 27n }), (currency, minor) => {
        const text = formatMinor(minor, currency);
        expect(text.split('.')[1]?.length ?? 0).toBe(CURRENCY_SCALE[currency]);
        expect(decimalToMinor(text, currency)).toBe(minor);
      }),
    );
  });
  it('formats negatives', () => {
    expect(formatMinor(-5n, 'EUR')).toBe('-0.05');
    expect(decimalToMinor('-0.05', 'EUR')).toBe(-5n);
  });
});
