import { CURRENCY_SCALE, formatMinor, parseAmount, type Currency } from '@bank/contracts/money';

/**
 * Exact recomputation of the exchange form's amounts from the quoted rate. Amounts and rates are
 * decimal strings turned into bigint fractions, so no float ever rounds a cent away; the rounding
 * matches the bank's: a credit is rounded down, and the amount to sell for a wanted credit is
 * rounded up so that selling it always buys at least that credit.
 */

/** The digits a rate may have on either side of the point (the quote's rates are far shorter). */
const RATE_PATTERN = /^(\d{1,30})(?:\.(\d{1,30}))?$/;

/** A positive rate as the exact fraction numerator / denominator; null when it is not one. */
function rateFraction(rate: string): { numerator: bigint; denominator: bigint } | null {
  const match = RATE_PATTERN.exec(rate.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  if (numerator === 0n) return null;
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * What selling `amount` of `from` buys in `to` at `rate`, rounded down to `to`'s scale: the figure
 * the bank credits. Null when the amount does not fit `from` or the rate is not a positive decimal.
 */
export function amountToReceive(amount: string, from: Currency, to: Currency, rate: string): string | null {
  const sold = parseAmount(amount, from, { allowZero: true });
  const fraction = rateFraction(rate);
  if (!sold.ok || !fraction) return null;
  // sold.minor / 10^scale(from) × numerator / denominator, expressed in minor units of `to`.
  const numerator = sold.minor * fraction.numerator * pow10(CURRENCY_SCALE[to]);
  const denominator = pow10(CURRENCY_SCALE[from]) * fraction.denominator;
  // Both are non-negative, so bigint division (which truncates) rounds down.
  return formatMinor(numerator / denominator, to);
}

/**
 * The least amount of `from` (at `from`'s scale) that buys at least `toAmount` of `to` at `rate`.
 * Null when the amount does not fit `to` or the rate is not a positive decimal.
 */
export function amountToSell(toAmount: string, from: Currency, to: Currency, rate: string): string | null {
  const bought = parseAmount(toAmount, to, { allowZero: true });
  const fraction = rateFraction(rate);
  if (!bought.ok || !fraction) return null;
  // bought.minor / 10^scale(to) ÷ (numerator / denominator), expressed in minor units of `from`.
  const numerator = bought.minor * fraction.denominator * pow10(CURRENCY_SCALE[from]);
  const denominator = pow10(CURRENCY_SCALE[to]) * fraction.numerator;
  const quotient = numerator / denominator;
  return formatMinor(numerator % denominator === 0n ? quotient : quotient + 1n, from);
}

/**
 * A non-negative decimal string rounded half up to `decimals` places, exactly ("1.0769885" → "1.077"
 * for the rate shown with 3 decimals). Anything that is not such a decimal comes back unchanged.
 */
export function roundDecimal(value: string, decimals: number): string {
  const match = RATE_PATTERN.exec(value.trim());
  if (!match) return value;
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  const digits = BigInt(`${whole}${fraction.padEnd(decimals + 1, '0').slice(0, decimals + 1)}`);
  // The last kept digit goes up when the first dropped one is 5 or more.
  const rounded = (digits + 5n) / 10n;
  const text = rounded.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? text : `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
}

/** The input step of an amount field: one minor unit of the currency (0.01 for two decimals). */
export function amountStep(currency: Currency): string {
  const scale = CURRENCY_SCALE[currency];
  return scale === 0 ? '1' : `0.${'1'.padStart(scale, '0')}`;
}

/** The two amounts of the exchange form and which of them the client typed last. */
export interface ExchangeAmounts {
  amount: string;
  toAmount: string;
  edited: 'amount' | 'toAmount';
}

/**
 * SPEC §5: editing one amount recalculates the other from the rate. The amount typed last stays as
 * typed; the other follows it, and is emptied while the typed one is not yet a valid amount.
 */
export function recomputeAmounts(amounts: ExchangeAmounts, from: Currency | null, to: Currency | null, rate: string | null): ExchangeAmounts {
  if (!from || !to || !rate) return amounts;
  if (amounts.edited === 'amount') {
    const toAmount = amounts.amount.trim() === '' ? '' : (amountToReceive(amounts.amount, from, to, rate) ?? '');
    return { ...amounts, toAmount };
  }
  const amount = amounts.toAmount.trim() === '' ? '' : (amountToSell(amounts.toAmount, from, to, rate) ?? '');
  return { ...amounts, amount };
}
