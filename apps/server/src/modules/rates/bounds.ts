import { compareRatios, divide, isDecimalText, multiply, positiveRatioFromDecimal, ratio, ratioFromDecimal, type Currency } from '@bank/contracts';
import { RATE_CHANGE_FREE_PERCENT } from '@bank/contracts/backoffice/approvals';
import { AppError } from '../../lib/errors';

/**
 * Sane bounds of a mid rate (units per 1 EUR): positive, and within RATE_BOUND_FACTOR times the
 * reference either way, the reference being the currency's last ECB rate (else the shipped
 * snapshot). A rate a thousand times off, typed by mistake or on purpose, would re-price every
 * conversion and every EUR valuation of the bank; no real market moves a currency tenfold between
 * two ECB days.
 */
export const RATE_BOUND_FACTOR = 10n;

export type RateBoundsProblem = 'invalid' | 'notPositive' | 'outOfBounds';

/** Why `perEur` is refused against `referencePerEur`; null when it is within bounds (both ends included). */
export function rateBoundsProblem(perEur: string, referencePerEur: string): RateBoundsProblem | null {
  const text = perEur.trim();
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (!isDecimalText(digits)) return 'invalid';
  const value = ratioFromDecimal(digits);
  if (negative || value.numerator === 0n) return 'notPositive';
  const reference = positiveRatioFromDecimal(referencePerEur);
  if (!reference) throw new Error(`The reference rate ${referencePerEur} is not a positive decimal`);
  const factor = ratio(RATE_BOUND_FACTOR);
  if (compareRatios(value, divide(reference, factor)) < 0 || compareRatios(value, multiply(reference, factor)) > 0) return 'outOfBounds';
  return null;
}

/** A rate outside its bounds is a 400 on `rate`, telling the reference it was checked against. */
export function assertRateWithinBounds(currency: Currency, perEur: string, referencePerEur: string): void {
  const problem = rateBoundsProblem(perEur, referencePerEur);
  if (problem === null) return;
  throw new AppError('VALIDATION_FAILED', {
    message: problem === 'invalid' ? 'The rate is not a decimal number' : `The rate is not within ${RATE_BOUND_FACTOR} times the ECB reference ${referencePerEur} ${currency} per EUR`,
    fields: { rate: problem === 'invalid' ? 'validation.rate.invalid' : 'validation.rate.outOfBounds' },
    details: { currency, reference: referencePerEur },
  });
}

/** A decimal text as an integer count of 10^-DECIMALS, exactly (rates have at most 12 decimals). */
const DECIMALS = 12;
function scaled(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(DECIMALS, '0').slice(0, DECIMALS));
}

/**
 * Whether `proposed` lies more than RATE_CHANGE_FREE_PERCENT from `reference`, compared exactly. Such
 * a move needs a second admin, so an operator's rate past it waits for approval and an ECB file
 * with a rate past it is refused.
 */
export function pastFreeBand(proposed: string, reference: string): boolean {
  const difference = scaled(proposed) - scaled(reference);
  const magnitude = difference < 0n ? -difference : difference;
  return magnitude * 100n > BigInt(RATE_CHANGE_FREE_PERCENT) * scaled(reference);
}
