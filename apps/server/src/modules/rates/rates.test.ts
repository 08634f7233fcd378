// Proves the rate source: exact rational cross rates, the spread applied the same way to every pair, the ECB daily XML adapter on a stored sample, and stored
// rates overriding the snapshot.
import { readFileSync } from 'node:fs';
import {
  CURRENCIES,
  CURRENCY_SCALE,
  compareRatios,
  convertMinor,
  multiply,
  ratio,
  ratioFromDecimal,
  sameRate,
  toSignificantDigitsDown,
  type Currency,
} from '@bank/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankCurrencyRates, ECB_DAILY_URL, EcbFormatError, fetchEcbDailyRates, parseEcbDailyXml } from './ecb';
import { convertAtMidMinor, midRate, offeredRate, rateTableFrom } from './quote';
import { EXCHANGE_SPREAD_BASIS_POINTS } from './settings';
import { SNAPSHOT_PER_EUR } from './snapshot';

const sample = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const table = rateTableFrom(SNAPSHOT_PER_EUR);

describe('quotes', () => {
  it('applies the spread to the exact mid cross rate', () => {
    expect(offeredRate(table, 'EUR', 'USD')).toBe('1.0768885');
    // USD → GBP crosses through EUR: 0.8421 / 1.0823 × 0.995, then rounded down.
    const exact = multiply(ratio(8421n * 10_000n, 10_000n * 10823n), ratio(9950n, 10_000n));
    expect(offeredRate(table, 'USD', 'GBP')).toBe(toSignificantDigitsDown(exact, 8));
    expect(offeredRate(table, 'EUR', 'EUR')).toBe('1');
    expect(offeredRate(table, 'BTC', 'EUR')).toBe('88802.020');
  });

  it('quotes every pair of the bank currencies, fiat and crypto, below the mid rate', () => {
    for (const from of CURRENCIES) {
      for (const to of CURRENCIES) {
        const rate = offeredRate(table, from, to);
        expect(rate).toMatch(from === to ? /^1$/ : /^\d+(\.\d+)?$/);
        if (from === to) continue;
        expect(rate.replace('.', '').replace(/^0+/, '')).toHaveLength(8);
        const mid = midRate(table, from, to);
        expect(compareRatios(ratioFromDecimal(rate), multiply(mid, ratio(10_000n - EXCHANGE_SPREAD_BASIS_POINTS, 10_000n)))).toBeLessThanOrEqual(0);
      }
    }
  });

  it('converts by rounding down to the target scale, never crediting more than amount × rate', () => {
    expect(convertMinor(10_000n, 'EUR', 'USD', '1.0768885')).toBe(10_768n);
    expect(convertMinor(100_000_000n, 'BTC', 'ETH', '28.123456')).toBe(28_123_456_000_000_000_000n);
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.constantFrom(...CURRENCIES), fc.bigInt({ min: 1n, max: 10n ** 24n }), (from: Currency, to: Currency, amountMinor) => {
        const rate = offeredRate(table, from, to);
        const credited = convertMinor(amountMinor, from, to, rate);
        const exact = multiply(ratio(amountMinor, 10n ** BigInt(CURRENCY_SCALE[from])), ratioFromDecimal(rate));
        const creditedValue = ratio(credited, 10n ** BigInt(CURRENCY_SCALE[to]));
        expect(compareRatios(creditedValue, exact)).toBeLessThanOrEqual(0);
        const oneMore = ratio(credited + 1n, 10n ** BigInt(CURRENCY_SCALE[to]));
        expect(compareRatios(oneMore, exact)).toBe(1);
      }),
    );
  });

  it('converts tariff limits at the mid rate, half up', () => {
    expect(convertAtMidMinor(table, 5_000n, 'EUR', 'USD')).toBe(5_412n);
    expect(convertAtMidMinor(table, 5_000n, 'EUR', 'EUR')).toBe(5_000n);
    expect(sameRate('1.0800', '1.08')).toBe(true);
    expect(sameRate('1.0801', '1.08')).toBe(false);
  });
});

describe('ECB daily reference rates', () => {
  it('parses the stored sample file', () => {
    const rates = parseEcbDailyXml(sample);
    expect(rates.date).toBe('2026-11-20');
    expect(Object.keys(rates.perEur)).toHaveLength(30);
    expect(rates.perEur.USD).toBe('1.0827');
    expect(rates.perEur.JPY).toBe('167.42');
    expect(bankCurrencyRates(rates)).toEqual({
      USD: '1.0827', GBP: '0.84235', CHF: '0.9408', TRY: '37.1422', CNY: '7.8150', AUD: '1.6351', CZK: '25.118', PLN: '4.3195', CAD: '1.4771',
    });
  });

  it('accepts double quotes and refuses what is not a daily file', () => {
    const doubleQuoted = sample.replace(/'/g, '"');
    expect(parseEcbDailyXml(doubleQuoted).perEur.GBP).toBe('0.84235');
    expect(() => parseEcbDailyXml('<html>maintenance</html>')).toThrow(EcbFormatError);
    expect(() => parseEcbDailyXml(sample.replace("rate='1.0827'", "rate='abc'"))).toThrow(EcbFormatError);
    expect(() => parseEcbDailyXml(sample.replace("rate='1.0827'", "rate='0'"))).toThrow(EcbFormatError);
    expect(() => parseEcbDailyXml(sample.replace("time='2026-11-20'", "time='yesterday'"))).toThrow(EcbFormatError);
    // The shape of a date is not enough: the day must exist.
    for (const day of ['2100-02-30', '2026-02-29', '2026-13-01', '2026-11-00']) {
      expect(() => parseEcbDailyXml(sample.replace("time='2026-11-20'", `time='${day}'`)), day).toThrow(EcbFormatError);
    }
    expect(parseEcbDailyXml(sample.replace("time='2026-11-20'", "time='2028-02-29'")).date).toBe('2028-02-29');
    expect(() => parseEcbDailyXml(sample.replace(/<Cube currency[^>]*>/g, ''))).toThrow(/No rates/);
  });

  it('downloads through the given fetch and reports a failed answer', async () => {
    const ok = await fetchEcbDailyRates(ECB_DAILY_URL, { fetchImpl: async () => ({ ok: true, status: 200, text: async () => sample }) });
    expect(ok.date).toBe('2026-11-20');
    await expect(fetchEcbDailyRates(ECB_DAILY_URL, { fetchImpl: async () => ({ ok: false, status: 503, text: async () => '' }) })).rejects.toThrow(/503/);
  });
});
