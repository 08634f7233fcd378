import { CURRENCY_SCALE, isCurrency } from '@bank/contracts/money';

/**
 * The one formatter of money and figures on every screen and page. It works on the decimal text
 * itself, never through a float, so a crypto balance keeps all 18 of its decimals, and writes it as
 * each language does ("12,345.60" in EN, "12 345,60" in RU, the space a no-break one): CLDR's
 * symbols for en-US and ru-RU, written out below and kept equal to Intl.NumberFormat's by the tests.
 * Intl is not asked: the first formatter a page makes loads its language's number data, which on a
 * phone held the cabinet's first screen for tens of milliseconds.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const SYMBOLS = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
} as const;

/**
 * A decimal string in the reader's language with the decimals it has, or `fractionDigits` when
 * given (more are padded with zeros; digits are never cut). With `dropZeroFraction`, "10000.00" is
 * written "10,000" (the public pages' round figures). Anything that is not a decimal string comes
 * back unchanged.
 */
export function formatAmount(amount: string, language: string, options: { fractionDigits?: number; dropZeroFraction?: boolean } = {}): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '', given = ''] = match;
  const digits = options.dropZeroFraction && /^0*$/.test(given) ? 0 : Math.max(given.length, options.fractionDigits ?? 0);
  const { group, decimal } = language === 'ru' ? SYMBOLS.ru : SYMBOLS.en;
  // Leading zeros go ("007" is 7); every third digit from the right starts a group.
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, group);
  return `${sign}${grouped}${digits > 0 ? `${decimal}${given.padEnd(digits, '0')}` : ''}`;
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

/** An IBAN in groups of four characters, as printed; the electronic form the bank stores has no spaces. */
export function formatIban(iban: string): string {
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) ? iban.replace(/(.{4})(?=.)/g, '$1\u00a0') : iban;
}
