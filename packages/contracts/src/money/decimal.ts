import { CURRENCY_SCALE, type Currency } from './currencies';

// Decimal text ↔ bigint minor units of a currency, exactly: nothing is ever rounded here.

const DECIMAL_PATTERN = /^(\d{1,30})(?:\.(\d+))?$/;

export type AmountProblem = 'invalid' | 'tooManyDecimals' | 'notPositive';

/**
 * Parses a decimal amount ("1250.5", 1250.5) into minor units of the currency.
 * Returns a problem instead of rounding: an amount with more decimals than the currency allows is refused.
 */
export function parseAmount(
  value: string | number,
  currency: Currency,
  options: { allowZero?: boolean } = {},
): { ok: true; minor: bigint } | { ok: false; problem: AmountProblem } {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return { ok: false, problem: 'invalid' };
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return { ok: false, problem: 'invalid' };
  const scale = CURRENCY_SCALE[currency];
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return { ok: false, problem: 'tooManyDecimals' };
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt((fraction || '0').padEnd(scale, '0'));
  if (minor === 0n && !options.allowZero) return { ok: false, problem: 'notPositive' };
  return { ok: true, minor };
}

/** A JSON number as its shortest exact decimal text; null for NaN, infinities and exponent forms. */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** Formats minor units as a decimal string with exactly the currency's scale ("1250.00"). */
export function formatMinor(minor: bigint, currency: Currency): string {
  const scale = CURRENCY_SCALE[currency];
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Converts a NUMERIC text from the database ("1250.50") into minor units; throws on anything else. */
export function decimalToMinor(value: string, currency: Currency): bigint {
  const negative = value.startsWith('-');
  const parsed = parseAmount(negative ? value.slice(1) : value, currency, { allowZero: true });
  if (!parsed.ok) throw new Error(`Stored amount ${value} does not fit ${currency}`);
  return negative ? -parsed.minor : parsed.minor;
}
