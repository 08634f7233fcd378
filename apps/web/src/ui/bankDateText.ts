import { optionalDateSchema } from '@bank/contracts/transfers/dates';
import { formatBankDate } from './formatBankDate';

/**
 * A date as the client types it, in the form the bank writes dates (DD.MM.YYYY, docs/product.md#screens-and-routes), and the
 * value the forms and the server take ('YYYY-MM-DD'). The browser's own date input would follow the
 * browser's locale instead of the page's language, so the date fields type text and read it here.
 */

/** Digits of the day, the month and the year. */
const PART_LENGTHS = [2, 2, 4] as const;
/** What a client may type between the parts: a dot, or a slash, dash, comma or space from habit. */
const SEPARATOR = /[./\-,\s]/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TYPED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/**
 * The text the field shows as the client types: digits grouped into day, month and year, with the
 * dots put in for them (a phone's numeric keypad has no dot). A separator typed after a part ends it
 * early ("1.2.2026"); anything else is dropped. A whole 'YYYY-MM-DD' (pasted, or filled in by a
 * script) is shown as the bank writes it.
 */
export function typedBankDate(text: string): string {
  const trimmed = text.trim();
  if (ISO_DATE.test(trimmed)) return formatBankDate(trimmed);
  const parts = [''];
  for (const char of trimmed) {
    const last = parts.length - 1;
    if (char >= '0' && char <= '9') {
      if (parts[last]!.length < PART_LENGTHS[last]!) parts[last] += char;
      else if (last < PART_LENGTHS.length - 1) parts.push(char);
    } else if (SEPARATOR.test(char) && parts[last] !== '' && last < PART_LENGTHS.length - 1) {
      parts.push('');
    }
  }
  return parts.join('.');
}

/** The 'YYYY-MM-DD' of a typed date when it is a real calendar date the bank deals with (year 1900 or later), else null. */
export function parseBankDate(text: string): string | null {
  const match = TYPED_DATE.exec(typedBankDate(text));
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  // One rule for a real date, the one the server applies.
  const checked = optionalDateSchema.safeParse(iso);
  return checked.success && checked.data === iso ? iso : null;
}

/**
 * What a date field gives its form: the 'YYYY-MM-DD' of a real date, '' when empty, else the text as
 * typed, so that a form's check refuses it rather than send the payment without the date the client
 * meant.
 */
export function bankDateValue(text: string): string {
  if (text.trim() === '') return '';
  return parseBankDate(text) ?? text;
}

/** Whether a date field's value is a real date ('YYYY-MM-DD'), not empty and not text still being typed. */
export function isBankDateValue(value: string): boolean {
  return ISO_DATE.test(value);
}

/** The text a date field shows for a value set from outside (a reset, a saved form, a report's day). */
export function shownBankDate(value: string): string {
  return isBankDateValue(value) ? formatBankDate(value) : value;
}
