import { CURRENCY_SCALE, type Currency } from './currencies';
import { ceilToScale, compareRatios, divide, floorToScale, formatRatioHalfUp, multiply, ratioFromDecimal, ratioFromMinor } from './ratio';

/**
 * The exchange maths of server and web alike. A rate is decimal text (units of `to` per unit of
 * `from`, spread included) and stays an exact fraction: what the exchange screen shows a client
 * receives is, to the minor unit, what the server books.
 */

/** docs/product.md#validation: the exchange screen shows the rate with three decimals. */
export const RATE_DISPLAY_DECIMALS = 3;

/** amount × rate in minor units of `to`, rounded down: the bank never credits a fraction it did not get. */
export function convertMinor(amountMinor: bigint, from: Currency, to: Currency, rate: string): bigint {
  return floorToScale(multiply(ratioFromMinor(amountMinor, CURRENCY_SCALE[from]), ratioFromDecimal(rate)), CURRENCY_SCALE[to]);
}

/**
 * The least amount of `from` (minor units) whose conversion at `rate` credits at least
 * `wantedMinor` of `to`: the wanted amount divided by the rate, rounded up.
 */
export function amountToSellMinor(wantedMinor: bigint, from: Currency, to: Currency, rate: string): bigint {
  return ceilToScale(divide(ratioFromMinor(wantedMinor, CURRENCY_SCALE[to]), ratioFromDecimal(rate)), CURRENCY_SCALE[from]);
}

/** True when two rate strings are the same number ("1.0800" and "1.08"). */
export function sameRate(left: string, right: string): boolean {
  return compareRatios(ratioFromDecimal(left), ratioFromDecimal(right)) === 0;
}

/** A rate as the screen shows it: RATE_DISPLAY_DECIMALS places, rounded half up ("1.0769885" → "1.077"). */
export function rateForDisplay(rate: string): string {
  return formatRatioHalfUp(ratioFromDecimal(rate), RATE_DISPLAY_DECIMALS);
}
