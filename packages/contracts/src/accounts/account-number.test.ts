// Proves the account-number scheme: ISO 7064 MOD 97-10 check digits catch every single-digit error
// and every swap of neighbouring digits, and numbers are built the same way for every serial.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_NUMBER_LENGTH, accountNumberFromSerial, isValidAccountNumber, mod97CheckDigits } from './account-number';

describe('account numbers', () => {
  it('uses the MOD 97-10 check digits IBANs use', () => {
    // The IBAN GB82 WEST 1234 5698 7654 32, rearranged and letters as numbers, has check digits 82.
    expect(mod97CheckDigits('3214282912345698765432161100'.slice(0, -2))).toBe('82');
    expect(accountNumberFromSerial(1)).toBe('4070000000000104');
    expect(accountNumberFromSerial(1)).toHaveLength(ACCOUNT_NUMBER_LENGTH);
  });

  it('accepts every number it builds and refuses foreign formats', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), (serial) => isValidAccountNumber(accountNumberFromSerial(serial))));
    for (const value of ['', '4070', '40700000000001040', '5070000000000104', '407000000000010A']) expect(isValidAccountNumber(value)).toBe(false);
    expect(() => accountNumberFromSerial(10_000_000_000)).toThrow();
  });

  it('catches any single changed digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: 4, max: ACCOUNT_NUMBER_LENGTH - 1 }), fc.integer({ min: 1, max: 9 }), (serial, position, shift) => {
        const number = accountNumberFromSerial(serial);
        const digit = (Number(number[position]) + shift) % 10;
        const changed = `${number.slice(0, position)}${digit}${number.slice(position + 1)}`;
        return !isValidAccountNumber(changed);
      }),
    );
  });

  it('catches any swap of two different neighbouring digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: 4, max: ACCOUNT_NUMBER_LENGTH - 2 }), (serial, position) => {
        const number = accountNumberFromSerial(serial);
        if (number[position] === number[position + 1]) return true;
        const swapped = `${number.slice(0, position)}${number[position + 1]}${number[position]}${number.slice(position + 2)}`;
        return !isValidAccountNumber(swapped);
      }),
    );
  });
});
