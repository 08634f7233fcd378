/**
 * Exact rational arithmetic on bigint for exchange rates: a rate is never a float, and cross rates
 * (USD→GBP through EUR) are computed exactly before the one rounding that produces the offered rate.
 */
export interface Ratio {
  readonly numerator: bigint;
  /** Always positive. */
  readonly denominator: bigint;
}

const DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

export function ratio(numerator: bigint, denominator: bigint = 1n): Ratio {
  if (denominator === 0n) throw new Error('Division by zero');
  return denominator < 0n ? { numerator: -numerator, denominator: -denominator } : { numerator, denominator };
}

/** "1.0823" → 10823/10000; anything but a plain non-negative decimal throws. */
export function ratioFromDecimal(text: string): Ratio {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return ratio(BigInt(`${match[1]}${fraction}`), 10n ** BigInt(fraction.length));
}

export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text.trim());
}

export function multiply(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.numerator, left.denominator * right.denominator);
}

export function divide(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.denominator, left.denominator * right.numerator);
}

export function compareRatios(left: Ratio, right: Ratio): number {
  const difference = left.numerator * right.denominator - right.numerator * left.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Floor of a non-negative ratio. */
function floorDivide(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n) throw new Error('Only non-negative values are rounded here');
  return numerator / denominator;
}

/** The value in minor units of `scale` decimals, rounded down. */
export function floorToScale(value: Ratio, scale: number): bigint {
  return floorDivide(value.numerator * 10n ** BigInt(scale), value.denominator);
}

/** The value in minor units of `scale` decimals, rounded half up. */
export function roundHalfUpToScale(value: Ratio, scale: number): bigint {
  return floorDivide(value.numerator * 10n ** BigInt(scale) * 2n + value.denominator, value.denominator * 2n);
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
      ? floorDivide(value.numerator * 10n ** BigInt(decimalPlaces), value.denominator)
      : floorDivide(value.numerator, value.denominator * 10n ** BigInt(-decimalPlaces));
  let mantissa = scaled(places);
  while (mantissa >= upper) mantissa = scaled(--places);
  while (mantissa < lower) mantissa = scaled(++places);
  if (places <= 0) return (mantissa * 10n ** BigInt(-places)).toString();
  const text = mantissa.toString().padStart(places + 1, '0');
  return `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`;
}
