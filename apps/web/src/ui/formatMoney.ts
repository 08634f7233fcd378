import { CURRENCY_SCALE, isCurrency } from '@bank/contracts/money';

/**
 * The one formatter of money and figures on every screen and page. It hands the decimal text itself
 * to Intl.NumberFormat (which reads a string exactly, never through a float), so each language gets
 * its own grouping and decimal separator ("12,345.60" in EN, "12 345,60" in RU) and a crypto balance
 * keeps all 18 of its decimals.
 */

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, fractionDigits: number): Intl.NumberFormat {
  const locale = language === 'ru' ? 'ru-RU' : 'en-US';
  const key = `${locale}/${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formats.set(key, format);
  }
  return format;
}

/**
 * A decimal string in the reader's language with the decimals it has, or `fractionDigits` when
 * given (more are padded with zeros; the formatter is never asked to cut digits). With
 * `dropZeroFraction`, "10000.00" is written "10,000" (the public pages' round figures).
 * Anything that is not a decimal string comes back unchanged.
 */
export function formatAmount(amount: string, language: string, options: { fractionDigits?: number; dropZeroFraction?: boolean } = {}): string {
  const text = amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) return amount;
  const given = match[1] ?? '';
  const digits = options.dropZeroFraction && /^0*$/.test(given) ? 0 : Math.max(given.length, options.fractionDigits ?? 0);
  // Intl reads the string as an exact decimal (ECMA-402 "Intl.NumberFormat v3").
  return numberFormat(language, digits).format(text as unknown as number);
}

/**
 * An amount with its currency code after it ("1,250.00 EUR"), kept on one line; at least the
 * currency's scale of decimals ("1000" → "1,000.00"), none ever cut.
 */
export function formatMoney(amount: string, currency: string, language: string): string {
  const fractionDigits = isCurrency(currency) ? CURRENCY_SCALE[currency] : 0;
  return `${formatAmount(amount, language, { fractionDigits })}\u00a0${currency}`;
}

/** The decimals a rate's percentage needs: 250 bp → 1 ("2.5%"), 100 bp → 0 ("1%"), 125 bp → 2 ("1.25%"). */
export function percentDigits(basisPoints: number): number {
  if (basisPoints % 100 === 0) return 0;
  return basisPoints % 10 === 0 ? 1 : 2;
}

/** Basis points as a percentage with `fractionDigits` decimals: 30 → "0.30%", 250 → "2.5%", 1100 → "11%". */
export function formatPercent(basisPoints: number, language: string, fractionDigits = 0): string {
  const hundredths = String(basisPoints % 100).padStart(2, '0').slice(0, fractionDigits);
  const decimal = fractionDigits > 0 ? `${Math.trunc(basisPoints / 100)}.${hundredths}` : String(Math.trunc(basisPoints / 100));
  return `${formatAmount(decimal, language)}%`;
}

/** An account number in groups of four digits, as printed on statements; the digits stay the same. */
export function formatAccountNumber(number: string): string {
  return /^\d+$/.test(number) ? number.replace(/(\d{4})(?=\d)/g, '$1\u00a0') : number;
}
