// Proves how a date field reads what a client types: DD.MM.YYYY whatever the browser's locale, dots
// put in for a phone's keypad, only real calendar dates taken, and 'YYYY-MM-DD' given to the form.
import { describe, expect, it } from 'vitest';
import { bankDateValue, isBankDateValue, parseBankDate, shownBankDate, typedBankDate } from './bankDateText';

describe('typedBankDate', () => {
  it('puts the dots in as digits are typed', () => {
    const typed = ['2', '25', '251', '2511', '25112', '251120', '2511202', '25112026'].map(typedBankDate);
    expect(typed).toEqual(['2', '25', '25.1', '25.11', '25.11.2', '25.11.20', '25.11.202', '25.11.2026']);
  });

  it('keeps a dot the client typed, and lets them delete it', () => {
    expect(typedBankDate('25.')).toBe('25.');
    expect(typedBankDate('25')).toBe('25');
    expect(typedBankDate('25.11.')).toBe('25.11.');
  });

  it('ends a part early at a separator, whichever the client is used to', () => {
    expect(typedBankDate('1.2.2026')).toBe('1.2.2026');
    expect(typedBankDate('1/2/2026')).toBe('1.2.2026');
    expect(typedBankDate('01-02-2026')).toBe('01.02.2026');
    expect(typedBankDate('1 2 2026')).toBe('1.2.2026');
  });

  it('drops letters, repeated separators and digits past the year', () => {
    expect(typedBankDate('2a5..11.20267')).toBe('25.11.2026');
    expect(typedBankDate('.25')).toBe('25');
  });

  it("shows a whole 'YYYY-MM-DD' (pasted or filled in) as the bank writes it", () => {
    expect(typedBankDate('2026-11-25')).toBe('25.11.2026');
    expect(typedBankDate(' 2026-02-01 ')).toBe('01.02.2026');
  });
});

describe('parseBankDate', () => {
  it("gives the 'YYYY-MM-DD' of a real date, written fully or short", () => {
    expect(parseBankDate('25.11.2026')).toBe('2026-11-25');
    expect(parseBankDate('1.2.2026')).toBe('2026-02-01');
    expect(parseBankDate('01022026')).toBe('2026-02-01');
    expect(parseBankDate('2026-02-01')).toBe('2026-02-01');
    expect(parseBankDate('29.02.2028')).toBe('2028-02-29');
  });

  it('refuses a day the calendar does not have', () => {
    expect(parseBankDate('29.02.2026')).toBeNull();
    expect(parseBankDate('31.04.2026')).toBeNull();
    expect(parseBankDate('32.01.2026')).toBeNull();
    expect(parseBankDate('00.01.2026')).toBeNull();
    expect(parseBankDate('10.13.2026')).toBeNull();
    expect(parseBankDate('10.00.2026')).toBeNull();
  });

  it('refuses what is not yet a whole date, and years before 1900 as the server does', () => {
    expect(parseBankDate('')).toBeNull();
    expect(parseBankDate('25.11')).toBeNull();
    expect(parseBankDate('25.11.26')).toBeNull();
    expect(parseBankDate('01.01.1899')).toBeNull();
    expect(parseBankDate('01.01.1900')).toBe('1900-01-01');
  });
});

describe('the value a form gets and shows back', () => {
  it("gives 'YYYY-MM-DD' for a real date, '' for nothing, and the text itself otherwise", () => {
    expect(bankDateValue('25.11.2026')).toBe('2026-11-25');
    expect(bankDateValue('  ')).toBe('');
    expect(bankDateValue('31.04.2026')).toBe('31.04.2026');
    expect(isBankDateValue(bankDateValue('25.11.2026'))).toBe(true);
    expect(isBankDateValue(bankDateValue('31.04.2026'))).toBe(false);
    expect(isBankDateValue('')).toBe(false);
  });

  it('shows a real date as the bank writes it and anything else as it was typed', () => {
    expect(shownBankDate('2026-11-25')).toBe('25.11.2026');
    expect(shownBankDate('')).toBe('');
    expect(shownBankDate('31.04.2026')).toBe('31.04.2026');
    expect(shownBankDate(bankDateValue('7.3.2026'))).toBe('07.03.2026');
  });
});
