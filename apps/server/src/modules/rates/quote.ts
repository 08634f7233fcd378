import {
  BASIS_POINTS_PER_UNIT,
  CURRENCIES,
  CURRENCY_SCALE,
  divide,
  multiply,
  RATE_SIGNIFICANT_DIGITS,
  ratio,
  ratioFromDecimal,
  ratioFromMinor,
  roundHalfUpToScale,
  toSignificantDigitsDown,
  type Currency,
  type Ratio,
} from '@bank/contracts';
import { EXCHANGE_SPREAD_BASIS_POINTS } from './settings';

/** Mid rates of every currency as units per 1 EUR (EUR itself is 1), and the bank's spread on them. */
export interface RateTable {
  perEur: ReadonlyMap<Currency, Ratio>;
  spreadBasisPoints: bigint;
}

export function rateTableFrom(perEur: Readonly<Record<Currency, string>>, spreadBasisPoints: bigint = EXCHANGE_SPREAD_BASIS_POINTS): RateTable {
  return { perEur: new Map(CURRENCIES.map((currency) => [currency, ratioFromDecimal(perEur[currency])])), spreadBasisPoints };
}

function perEurOf(table: RateTable, currency: Currency): Ratio {
  const value = table.perEur.get(currency);
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
export function offeredRate(table: RateTable, from: Currency, to: Currency): string {
  if (from === to) return '1';
  const withSpread = multiply(midRate(table, from, to), ratio(BASIS_POINTS_PER_UNIT - table.spreadBasisPoints, BASIS_POINTS_PER_UNIT));
  return toSignificantDigitsDown(withSpread, RATE_SIGNIFICANT_DIGITS);
}

/** Converts at the mid rate, rounded half up (tariff limits in EUR shown in another currency). */
export function convertAtMidMinor(table: RateTable, amountMinor: bigint, from: Currency, to: Currency): bigint {
  if (from === to) return amountMinor;
  return roundHalfUpToScale(multiply(ratioFromMinor(amountMinor, CURRENCY_SCALE[from]), midRate(table, from, to)), CURRENCY_SCALE[to]);
}
