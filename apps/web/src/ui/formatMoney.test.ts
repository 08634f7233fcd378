// Proves money is shown exactly as given, only regrouped for the reader's language.
import { describe, expect, it } from 'vitest';
import { formatAccountNumber, formatAmount, formatMoney } from './formatMoney';

describe('formatAmount', () => {
  it('groups thousands and writes the decimal mark of each language', () => {
    expect(formatAmount('1234567.89', 'en')).toBe('1,234,567.89');
    expect(formatAmount('1234567.89', 'ru')).toBe('1\u202f234\u202f567,89');
    expect(formatAmount('999.00', 'en')).toBe('999.00');
    expect(formatAmount('-1000.5', 'en')).toBe('\u22121,000.5');
    expect(formatAmount('12345678901234567890.123456', 'en')).toBe('12,345,678,901,234,567,890.123456');
  });

  it('leaves anything that is not a decimal as it is', () => {
    expect(formatAmount('n/a', 'en')).toBe('n/a');
  });
});

describe('formatMoney', () => {
  it('puts the currency after the amount on the same line', () => {
    expect(formatMoney('50.00', 'EUR', 'en')).toBe('50.00\u00a0EUR');
  });

  it("writes the currency's decimals when fewer were typed, and never cuts any", () => {
    expect(formatMoney('1000', 'EUR', 'en')).toBe('1,000.00\u00a0EUR');
    expect(formatMoney('0.5', 'USDT', 'ru')).toBe('0,500000\u00a0USDT');
    expect(formatMoney('1.005', 'EUR', 'en')).toBe('1.005\u00a0EUR');
    expect(formatMoney('12', 'XYZ', 'en')).toBe('12\u00a0XYZ');
  });
});

describe('formatAccountNumber', () => {
  it('groups digits by four', () => {
    expect(formatAccountNumber('4070000000000158')).toBe('4070\u00a00000\u00a00000\u00a00158');
    expect(formatAccountNumber('GB29 NWBK')).toBe('GB29 NWBK');
  });
});
