import { CURRENCIES, CURRENCY_SCALE, RATE_SIGNIFICANT_DIGITS, type Currency } from '@bank/contracts';
import { compareRatios, divide, floorToScale, multiply, ratio, ratioFromDecimal, roundHalfUpToScale, toSignificantDigitsDown, type Ratio } from './ratio';
import { EXCHANGE_SPREAD_BASIS_POINTS } from './settings';

/** Mid rates of every currency as units per 1 EUR (EUR itself is 1). */
export type RateTable = ReadonlyMap<Currency, Ratio>;

export function rateTableFrom(perEur: Readonly<Record<Currency, string>>): RateTable {
  return new Map(CURRENCIES.map((currency) => [currency, ratioFromDecimal(perEur[currency])]));
}

function perEurOf(table: RateTable, currency: Currency): Ratio {
  const value = table.get(currency);
  if (!value) throw new Error(`No rate for ${currency}`);
  return value;
}

/** Exact mid cross rate: units of `to` per unit of `from`. */
export function midRate(table: RateTable, from: Currency, to: Currency): Ratio {
  return divide(perEurOf(table, to), perEurOf(table, from));
}

/**
 * The rate offered to clients for selling `from` and buying `to`: the mid rate less the spread,
 * rounded down to RATE_SIGNIFICANT_DIGITS significant digits. The same currency is exactly "1".
 */
export function offeredRate(table: RateTable, from: Currency, to: Currency, spreadBasisPoints: bigint = EXCHANGE_SPREAD_BASIS_POINTS): string {
  if (from === to) return '1';
  const withSpread = multiply(midRate(table, from, to), ratio(10_000n - spreadBasisPoints, 10_000n));
  return toSignificantDigitsDown(withSpread, RATE_SIGNIFICANT_DIGITS);
}

/** amount (minor units of `from`) × rate, in minor units of `to`, rounded down: the bank never credits a fraction it did not get. */
export function convertMinor(amountMinor: bigint, from: Currency, to: Currency, rate: string): bigint {
  const amount = ratio(amountMinor, 10n ** BigInt(CURRENCY_SCALE[from]));
  return floorToScale(multiply(amount, ratioFromDecimal(rate)), CURRENCY_SCALE[to]);
}

/** Converts at the mid rate, rounded half up (tariff limits in EUR shown in another currency). */
export function convertAtMidMinor(table: RateTable, amountMinor: bigint, from: Currency, to: Currency): bigint {
  if (from === to) return amountMinor;
  const amount = ratio(amountMinor, 10n ** BigInt(CURRENCY_SCALE[from]));
  return roundHalfUpToScale(multiply(amount, midRate(table, from, to)), CURRENCY_SCALE[to]);
}

/** True when two rate strings are the same number ("1.0800" and "1.08"). */
export function sameRate(left: string, right: string): boolean {
  return compareRatios(ratioFromDecimal(left), ratioFromDecimal(right)) === 0;
}
