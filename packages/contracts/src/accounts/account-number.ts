/**
 * Account numbers: a fixed bank prefix, a serial from a database sequence (never reused) and two
 * ISO 7064 MOD 97-10 check digits, the scheme IBANs use. A mistyped digit or two swapped digits
 * always fail the check, so a wrong number is refused before any lookup.
 */
export const ACCOUNT_NUMBER_PREFIX = '4070';
export const ACCOUNT_SERIAL_DIGITS = 10;
/** Prefix + serial + two check digits. */
export const ACCOUNT_NUMBER_LENGTH = ACCOUNT_NUMBER_PREFIX.length + ACCOUNT_SERIAL_DIGITS + 2;

function mod97(digits: string): number {
  // Chunks of 7 digits keep every intermediate below 2^53 without bigint.
  let remainder = 0;
  for (let index = 0; index < digits.length; index += 7) {
    remainder = Number(`${remainder}${digits.slice(index, index + 7)}`) % 97;
  }
  return remainder;
}

/** The two check digits of ISO 7064 MOD 97-10 for a string of digits. */
export function mod97CheckDigits(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('Check digits are computed over digits only');
  return String(98 - mod97(`${digits}00`)).padStart(2, '0');
}

/** Builds the account number for a serial taken from the account-number sequence. */
export function accountNumberFromSerial(serial: bigint | number): string {
  const body = `${ACCOUNT_NUMBER_PREFIX}${String(serial).padStart(ACCOUNT_SERIAL_DIGITS, '0')}`;
  if (body.length !== ACCOUNT_NUMBER_PREFIX.length + ACCOUNT_SERIAL_DIGITS) {
    throw new Error(`Account serial ${serial} does not fit ${ACCOUNT_SERIAL_DIGITS} digits`);
  }
  return `${body}${mod97CheckDigits(body)}`;
}

/** True for a well-formed number of this bank whose check digits are right. */
export function isValidAccountNumber(value: string): boolean {
  return (
    value.length === ACCOUNT_NUMBER_LENGTH &&
    /^\d+$/.test(value) &&
    value.startsWith(ACCOUNT_NUMBER_PREFIX) &&
    mod97(value) === 1
  );
}
