import { CURRENCY_SCALE, isCurrency } from '@bank/contracts/money';

/**
 * Shows a decimal string of money the way a reader of the language expects ("12,345.60" in EN,
 * "12 345,60" in RU) without ever turning it into a float: the digits are only regrouped.
 */
const SEPARATORS: Record<'en' | 'ru', { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  // Russian groups thousands with a narrow no-break space and writes a decimal comma.
  ru: { group: '\u202f', decimal: ',' },
};

export function formatAmount(amount: string, language: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const { group, decimal } = SEPARATORS[language === 'ru' ? 'ru' : 'en'];
  const whole = match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = match[1] ? '\u2212' : '';
  return match[3] ? `${sign}${whole}${decimal}${match[3]}` : `${sign}${whole}`;
}

/**
 * An amount with its currency code after it ("1,250.00 EUR"), kept on one line. An amount typed
 * with fewer decimals than its currency keeps gets them ("1000" → "1,000.00"); none is ever cut.
 */
export function formatMoney(amount: string, currency: string, language: string): string {
  return `${formatAmount(withScaleOf(amount, currency), language)}\u00a0${currency}`;
}

function withScaleOf(amount: string, currency: string): string {
  const scale = isCurrency(currency) ? CURRENCY_SCALE[currency] : 0;
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match || (match[2] ?? '').length >= scale) return amount;
  return `${match[1]}.${(match[2] ?? '').padEnd(scale, '0')}`;
}

/** An account number in groups of four digits, as printed on statements; the digits stay the same. */
export function formatAccountNumber(number: string): string {
  return /^\d+$/.test(number) ? number.replace(/(\d{4})(?=\d)/g, '$1\u00a0') : number;
}
