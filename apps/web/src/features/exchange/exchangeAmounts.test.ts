// Proves the exchange form's recomputation is exact: credits round down like the bank's, the amount
// to sell for a wanted credit is the least that buys it, and the rate is shown rounded half up.
import { CURRENCY_SCALE, formatMinor, type Currency } from '@bank/contracts/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountStep, amountToReceive, amountToSell, recomputeAmounts, roundDecimal } from './exchangeAmounts';

const currencies: Currency[] = ['EUR', 'USD', 'RUB', 'USDT', 'GBP'];

/** A rate as the quote answers it: up to 8 significant digits, sometimes far below 1. */
const rateArbitrary = fc
  .tuple(fc.bigInt({ min: 1n, max: 99_999_999n }), fc.integer({ min: 0, max: 12 }))
  .map(([digits, places]) => {
    const text = digits.toString().padStart(places + 1, '0');
    return places === 0 ? text : `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`;
  });

function minorOf(amount: string, currency: Currency): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** BigInt(CURRENCY_SCALE[currency]) + BigInt(fraction.padEnd(CURRENCY_SCALE[currency], '0') || '0');
}

describe('amountToReceive', () => {
  it('multiplies exactly and rounds the credit down', () => {
    expect(amountToReceive('100', 'EUR', 'USD', '1.0769885')).toBe('107.69');
    expect(amountToReceive('0.1', 'EUR', 'USD', '3')).toBe('0.30');
    expect(amountToReceive('1000000', 'USD', 'RUB', '89.12345678')).toBe('89123456.78');
    expect(amountToReceive('1', 'EUR', 'USDT', '1.0769885')).toBe('1.076988');
    expect(amountToReceive('0', 'EUR', 'USD', '1.2')).toBe('0.00');
  });

  it('refuses amounts that do not fit the currency and rates that are not positive decimals', () => {
    expect(amountToReceive('1.005', 'EUR', 'USD', '1.1')).toBeNull();
    expect(amountToReceive('abc', 'EUR', 'USD', '1.1')).toBeNull();
    expect(amountToReceive('10', 'EUR', 'USD', '0')).toBeNull();
    expect(amountToReceive('10', 'EUR', 'USD', '-1')).toBeNull();
    expect(amountToReceive('10', 'EUR', 'USD', '1e3')).toBeNull();
  });
});

describe('amountToSell', () => {
  it('divides exactly and rounds the amount to sell up', () => {
    expect(amountToSell('107.69', 'EUR', 'USD', '1.0769885')).toBe('100.00');
    expect(amountToSell('107.68', 'EUR', 'USD', '1.0769885')).toBe('99.99');
    expect(amountToSell('100', 'EUR', 'USD', '1.25')).toBe('80.00');
    expect(amountToSell('100', 'EUR', 'USD', '3')).toBe('33.34');
    expect(amountToSell('0', 'EUR', 'USD', '3')).toBe('0.00');
    expect(amountToSell('1.001', 'EUR', 'USD', '3')).toBeNull();
  });

  it('always buys at least the wanted credit, and one cent less never does', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(...currencies),
        fc.constantFrom(...currencies),
        rateArbitrary,
        (wantedMinor, from, to, rate) => {
          const wanted = formatMinor(wantedMinor, to);
          const sell = amountToSell(wanted, from, to, rate)!;
          const bought = amountToReceive(sell, from, to, rate)!;
          expect(minorOf(bought, to) >= wantedMinor).toBe(true);
          const lessMinor = minorOf(sell, from) - 1n;
          if (lessMinor >= 0n) {
            const boughtWithLess = amountToReceive(formatMinor(lessMinor, from), from, to, rate)!;
            expect(minorOf(boughtWithLess, to) < wantedMinor).toBe(true);
          }
        },
      ),
    );
  });

  it('agrees with the exact product for every amount and rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.constantFrom(...currencies), fc.constantFrom(...currencies), rateArbitrary, (soldMinor, from, to, rate) => {
        const [whole = '0', fraction = ''] = rate.split('.');
        const rateNumerator = BigInt(`${whole}${fraction}`);
        const rateDenominator = 10n ** BigInt(fraction.length);
        // The credit c satisfies c ≤ sold × rate < c + 1 minor unit of `to`.
        const credit = minorOf(amountToReceive(formatMinor(soldMinor, from), from, to, rate)!, to);
        const exactTimesDenominators = soldMinor * rateNumerator * 10n ** BigInt(CURRENCY_SCALE[to]);
        const denominators = 10n ** BigInt(CURRENCY_SCALE[from]) * rateDenominator;
        expect(credit * denominators <= exactTimesDenominators).toBe(true);
        expect((credit + 1n) * denominators > exactTimesDenominators).toBe(true);
      }),
    );
  });
});

describe('roundDecimal', () => {
  it('shows the rate with 3 decimals, rounded half up', () => {
    expect(roundDecimal('1.0769885', 3)).toBe('1.077');
    expect(roundDecimal('1.0765', 3)).toBe('1.077');
    expect(roundDecimal('1.0764999', 3)).toBe('1.076');
    expect(roundDecimal('0.9995', 3)).toBe('1.000');
    expect(roundDecimal('89', 3)).toBe('89.000');
    expect(roundDecimal('0.000010733942', 3)).toBe('0.000');
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('not a number', 3)).toBe('not a number');
  });
});

describe('amountStep', () => {
  it('is one minor unit of the currency', () => {
    expect(amountStep('EUR')).toBe('0.01');
    expect(amountStep('USDT')).toBe('0.000001');
  });
});

describe('recomputeAmounts', () => {
  it('follows the amount typed last and keeps it as typed', () => {
    expect(recomputeAmounts({ amount: '100', toAmount: '', edited: 'amount' }, 'EUR', 'USD', '1.0769885')).toEqual({
      amount: '100',
      toAmount: '107.69',
      edited: 'amount',
    });
    expect(recomputeAmounts({ amount: '1', toAmount: '107.69', edited: 'toAmount' }, 'EUR', 'USD', '1.0769885')).toEqual({
      amount: '100.00',
      toAmount: '107.69',
      edited: 'toAmount',
    });
  });

  it('empties the other amount while the typed one is blank or invalid', () => {
    expect(recomputeAmounts({ amount: '', toAmount: '5.00', edited: 'amount' }, 'EUR', 'USD', '1.1').toAmount).toBe('');
    expect(recomputeAmounts({ amount: '1.234', toAmount: '5.00', edited: 'amount' }, 'EUR', 'USD', '1.1').toAmount).toBe('');
    expect(recomputeAmounts({ amount: '9.00', toAmount: 'x', edited: 'toAmount' }, 'EUR', 'USD', '1.1').amount).toBe('');
  });

  it('changes nothing until both currencies and the rate are known', () => {
    const amounts = { amount: '10', toAmount: '', edited: 'amount' } as const;
    expect(recomputeAmounts(amounts, 'EUR', null, '1.1')).toBe(amounts);
    expect(recomputeAmounts(amounts, 'EUR', 'USD', null)).toBe(amounts);
  });
});
