/**
 * Exact rational arithmetic on bigint, and every rounding the bank does. A rate or a percentage is
 * never a float: it is a fraction of two integers until the one rounding that produces minor units
 * (half up for fees and limits, down for what the bank credits, up for what a client must pay).
 */
export interface Ratio {
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;
}

/** A plain non-negative decimal: digits, optionally a point and more digits (no sign, no exponent). */
const DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

export function ratio(numerator: bigint, denominator: bigint = 1n): Ratio {
  if (denominator === 0n) throw new Error('Division by zero');
  return denominator < 0n ? { numerator: -numerator, denominator: -denominator } : { numerator, denominator };
}

export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** "1.0823" → 10823/10000; anything but a plain non-negative decimal throws. */
export function ratioFromDecimal(text: string): Ratio {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return ratio(BigInt(`${match[1]}${fraction}`), 10n ** BigInt(fraction.length));
}

/** A positive decimal as a ratio; null for anything else (zero, signs, exponents, words). */
export function positiveRatioFromDecimal(text: string): Ratio | null {
  if (!isDecimalText(text)) return null;
  const value = ratioFromDecimal(text);
  return value.numerator > 0n ? value : null;
}

/** Minor units of a currency with `scale` decimals as the ratio of whole units they are. */
export function ratioFromMinor(minor: bigint, scale: number): Ratio {
  return ratio(minor, 10n ** BigInt(scale));
}

export function multiply(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.numerator, left.denominator * right.denominator);
}

export function add(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.denominator + right.numerator * left.denominator, left.denominator * right.denominator);
}

export function divide(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.denominator, left.denominator * right.numerator);
}

export function compareRatios(left: Ratio, right: Ratio): number {
  const difference = left.numerator * right.denominator - right.numerator * left.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

function assertNonNegative(value: Ratio): void {
  if (value.numerator < 0n) throw new Error('Only non-negative values are rounded here');
}

/** The value in minor units of `scale` decimals, rounded down. */
export function floorToScale(value: Ratio, scale: number): bigint {
  assertNonNegative(value);
  return (value.numerator * 10n ** BigInt(scale)) / value.denominator;
}

/** The value in minor units of `scale` decimals, rounded up. */
export function ceilToScale(value: Ratio, scale: number): bigint {
  assertNonNegative(value);
  const scaled = value.numerator * 10n ** BigInt(scale);
  const quotient = scaled / value.denominator;
  return scaled % value.denominator === 0n ? quotient : quotient + 1n;
}

/** The value in minor units of `scale` decimals, rounded half up. */
export function roundHalfUpToScale(value: Ratio, scale: number): bigint {
  assertNonNegative(value);
  return (value.numerator * 10n ** BigInt(scale) * 2n + value.denominator) / (value.denominator * 2n);
}

export const BASIS_POINTS_PER_UNIT = 10_000n;

/** `basisPoints` of an amount in minor units, rounded half up to the minor unit (30 bp of 1000.00 = 3.00). */
export function basisPointsOf(amountMinor: bigint, basisPoints: number | bigint): bigint {
  return roundHalfUpToScale(ratio(amountMinor * BigInt(basisPoints), BASIS_POINTS_PER_UNIT), 0);
}

/** A non-negative ratio as decimal text with exactly `decimals` places, rounded half up (rates shown to 3 decimals). */
export function formatRatioHalfUp(value: Ratio, decimals: number): string {
  const digits = roundHalfUpToScale(value, decimals).toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
}

/**
 * A positive ratio as a decimal string with exactly `digits` significant digits, rounded down
 * (0.0000112047… → "0.000011204700" for 8 digits).
 */
export function toSignificantDigitsDown(value: Ratio, digits: number): string {
  if (value.numerator <= 0n) throw new Error('Only positive rates are formatted');
  const lower = 10n ** BigInt(digits - 1);
  const upper = 10n ** BigInt(digits);
  // Decimal places to keep: start from the digit lengths, then correct by one step at a time.
  let places = digits - 1 - (value.numerator.toString().length - value.denominator.toString().length);
  const scaled = (decimalPlaces: number): bigint =>
    decimalPlaces >= 0
      ? (value.numerator * 10n ** BigInt(decimalPlaces)) / value.denominator
      : value.numerator / (value.denominator * 10n ** BigInt(-decimalPlaces));
  let mantissa = scaled(places);
  while (mantissa >= upper) mantissa = scaled(--places);
  while (mantissa < lower) mantissa = scaled(++places);
  if (places <= 0) return (mantissa * 10n ** BigInt(-places)).toString();
  const text = mantissa.toString().padStart(places + 1, '0');
  return `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`;
}
