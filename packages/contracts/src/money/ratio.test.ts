// Proves the exact maths of the money module: rational numbers read from decimals, every rounding
// (down, up, half up, significant digits) against the exact value, percentages in basis points, and
// the exchange conversions both ways.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SCALE, type Currency } from './currencies';
import { amountToSellMinor, convertMinor, rateForDisplay, sameRate } from './exchange';
import {
  basisPointsOf,
  ceilToScale,
  compareRatios,
  floorToScale,
  formatRatioHalfUp,
  positiveRatioFromDecimal,
  ratio,
  ratioFromDecimal,
  ratioFromMinor,
  roundHalfUpToScale,
  toSignificantDigitsDown,
} from './ratio';

const ratios = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n })).map(([numerator, denominator]) => ratio(numerator, denominator));
const rates = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, places]) => {
    const text = digits.toString().padStart(places + 1, '0');
    return places === 0 ? text : `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`;
  });

describe('rational arithmetic', () => {
  it('reads decimals exactly and formats significant digits rounded down', () => {
    expect(ratioFromDecimal('1.0823')).toEqual({ numerator: 10823n, denominator: 10000n });
    expect(toSignificantDigitsDown(ratio(10823n, 10000n), 8)).toBe('1.0823000');
    expect(toSignificantDigitsDown(ratio(2n, 3n), 8)).toBe('0.66666666');
    expect(toSignificantDigitsDown(ratio(1n, 89_247n), 8)).toBe('0.000011204858');
    expect(toSignificantDigitsDown(ratio(123_456_789_123n), 8)).toBe('123456780000');
    expect(toSignificantDigitsDown(ratio(99_999_999_9n, 10n), 8)).toBe('99999999');
    expect(() => ratioFromDecimal('1e5')).toThrow();
    expect(() => ratioFromDecimal('-1')).toThrow();
    expect(positiveRatioFromDecimal('0.000')).toBeNull();
    expect(positiveRatioFromDecimal('abc')).toBeNull();
    expect(positiveRatioFromDecimal('0.5')).toEqual({ numerator: 5n, denominator: 10n });
  });

  it('keeps exactly the requested number of significant digits and never rounds up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }), (numerator, denominator) => {
        const value = ratio(numerator, denominator);
        const text = toSignificantDigitsDown(value, 8);
        expect(text.replace('.', '').replace(/^0+/, '').slice(0, 8)).toHaveLength(8);
        const shown = ratioFromDecimal(text);
        expect(compareRatios(shown, value)).toBeLessThanOrEqual(0);
        // The next value up at the last shown digit is above the true value.
        const places = text.includes('.') ? text.split('.')[1]!.length : 0;
        const step = places > 0 ? ratio(1n, 10n ** BigInt(places)) : ratio(10n ** BigInt(text.length - 8));
        expect(compareRatios(ratio(shown.numerator * step.denominator + step.numerator * shown.denominator, shown.denominator * step.denominator), value)).toBe(1);
      }),
    );
  });
});

describe('rounding to minor units', () => {
  it('rounds down, up and half up at the boundaries', () => {
    expect(floorToScale(ratio(4999n, 1_000_000n), 2)).toBe(0n);
    expect(ceilToScale(ratio(4999n, 1_000_000n), 2)).toBe(1n);
    expect(ceilToScale(ratio(5n, 100n), 2)).toBe(5n);
    expect(roundHalfUpToScale(ratio(5n, 1000n), 2)).toBe(1n);
    expect(roundHalfUpToScale(ratio(4999n, 1_000_000n), 2)).toBe(0n);
  });

  it('brackets the exact value: floor ≤ half up ≤ ceil, at most one unit apart', () => {
    fc.assert(
      fc.property(ratios, fc.integer({ min: 0, max: 18 }), (value, scale) => {
        const down = floorToScale(value, scale);
        const up = ceilToScale(value, scale);
        const half = roundHalfUpToScale(value, scale);
        expect(compareRatios(ratioFromMinor(down, scale), value)).toBeLessThanOrEqual(0);
        expect(compareRatios(ratioFromMinor(up, scale), value)).toBeGreaterThanOrEqual(0);
        expect(up - down).toBeLessThanOrEqual(1n);
        expect(half === down || half === up).toBe(true);
        // Half up goes up exactly when the dropped part is at least one half of the minor unit.
        const dropped = ratio(value.numerator * 10n ** BigInt(scale) * 2n - down * value.denominator * 2n, value.denominator);
        expect(half === up && up !== down).toBe(compareRatios(dropped, ratio(1n)) >= 0 && up !== down);
      }),
    );
  });

  it('takes basis points of an amount half up', () => {
    expect(basisPointsOf(100_000n, 30)).toBe(300n);
    expect(basisPointsOf(1_667n, 30)).toBe(5n); // 5.001 cents
    expect(basisPointsOf(1_650n, 30)).toBe(5n); // 4.95 cents → 5
    expect(basisPointsOf(1_649n, 30)).toBe(5n); // 4.947 cents → 5
    expect(basisPointsOf(1_483n, 30)).toBe(4n); // 4.449 cents → 4
  });

  it('shows a rate with three decimals, half up', () => {
    expect(formatRatioHalfUp(ratioFromDecimal('1.0769885'), 3)).toBe('1.077');
    expect(rateForDisplay('1.0765')).toBe('1.077');
    expect(rateForDisplay('1.07649999')).toBe('1.076');
    expect(rateForDisplay('0.000011204858')).toBe('0.000');
    expect(rateForDisplay('88802.020')).toBe('88802.020');
  });
});

describe('exchange', () => {
  it('credits amount × rate rounded down, and sells the least amount that buys what is wanted', () => {
    expect(convertMinor(10_000n, 'EUR', 'USD', '1.0768885')).toBe(10_768n);
    // 107.68 / 1.0768885 = 99.9918…: 100.00 EUR buys at least 107.68 USD, 99.99 would not.
    expect(amountToSellMinor(10_768n, 'EUR', 'USD', '1.0768885')).toBe(10_000n);
    expect(convertMinor(9_999n, 'EUR', 'USD', '1.0768885')).toBeLessThan(10_768n);
    expect(sameRate('1.0800', '1.08')).toBe(true);
  });

  it('never credits more than the exact product, and selling the computed amount always buys the wanted one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.constantFrom(...CURRENCIES), fc.bigInt({ min: 1n, max: 10n ** 24n }), rates, (from: Currency, to: Currency, minor, rate) => {
        const credited = convertMinor(minor, from, to, rate);
        const exact = ratio(minor * ratioFromDecimal(rate).numerator, 10n ** BigInt(CURRENCY_SCALE[from]) * ratioFromDecimal(rate).denominator);
        expect(compareRatios(ratioFromMinor(credited, CURRENCY_SCALE[to]), exact)).toBeLessThanOrEqual(0);
        const sell = amountToSellMinor(minor, to, from, rate);
        expect(convertMinor(sell, to, from, rate)).toBeGreaterThanOrEqual(minor);
        if (sell > 0n) expect(convertMinor(sell - 1n, to, from, rate)).toBeLessThan(minor);
      }),
    );
  });
});
