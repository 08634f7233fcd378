// Proves the one formatter: money shown exactly as given (no float, every decimal kept, up to 18),
// grouped and punctuated as each language writes it, with the currency's scale, and percentages from
// basis points by integer arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAccountNumber, formatAmount, formatIban, formatMoney, formatPercent, percentDigits } from './formatMoney';

describe('formatAmount', () => {
  it('groups thousands and writes the decimal mark of each language', () => {
    expect(formatAmount('1234567.89', 'en')).toBe('1,234,567.89');
    expect(formatAmount('1234567.89', 'ru')).toBe('1\u00a0234\u00a0567,89');
    expect(formatAmount('999.00', 'en')).toBe('999.00');
    expect(formatAmount('-1000.5', 'en')).toBe('-1,000.5');
    expect(formatAmount('-1000.5', 'ru')).toBe('-1\u00a0000,5');
  });

  it('keeps every digit of amounts beyond a double: 2^53 and 18 decimals', () => {
    expect(formatAmount('12345678901234567890.123456', 'en')).toBe('12,345,678,901,234,567,890.123456');
    expect(formatAmount('9007199254740993.01', 'en')).toBe('9,007,199,254,740,993.01');
    expect(formatAmount('0.000000000000000001', 'ru')).toBe('0,000000000000000001');
    expect(formatAmount('123456789012345678901234567890.00', 'en')).toBe('123,456,789,012,345,678,901,234,567,890.00');
  });

  it('drops a zero fraction when asked (round figures of the public pages)', () => {
    expect(formatAmount('10000.00', 'en', { dropZeroFraction: true })).toBe('10,000');
    expect(formatAmount('10000.00', 'ru', { dropZeroFraction: true })).toBe('10\u00a0000');
    expect(formatAmount('1250.50', 'ru', { dropZeroFraction: true })).toBe('1\u00a0250,50');
    expect(formatAmount('999.9', 'ru', { dropZeroFraction: true })).toBe('999,9');
  });

  it('leaves anything that is not a decimal as it is', () => {
    expect(formatAmount('n/a', 'en')).toBe('n/a');
    expect(formatAmount('1e5', 'en')).toBe('1e5');
  });

  it("writes every decimal as Intl.NumberFormat does for en-US and ru-RU (CLDR's symbols, written out)", () => {
    const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
    const decimal = fc
      .tuple(fc.boolean(), digits(1, 24), fc.option(digits(1, 18), { nil: undefined }))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom('en', 'ru'), fc.integer({ min: 0, max: 18 }), fc.boolean(), (amount, language, fractionDigits, dropZeroFraction) => {
        const given = amount.split('.')[1] ?? '';
        const shown = dropZeroFraction && /^0*$/.test(given) ? 0 : Math.max(given.length, fractionDigits);
        const intl = new Intl.NumberFormat(language === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: shown, maximumFractionDigits: shown });
        expect(formatAmount(amount, language, { fractionDigits, dropZeroFraction })).toBe(intl.format(amount as unknown as number));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatMoney', () => {
  it('puts the currency after the amount on the same line', () => {
    expect(formatMoney('50.00', 'EUR', 'en')).toBe('50.00\u00a0EUR');
    expect(formatMoney('23288.97', 'EUR', 'ru')).toBe('23\u00a0288,97\u00a0EUR');
  });

  it("writes the currency's decimals when fewer were typed, and never cuts any", () => {
    expect(formatMoney('1000', 'EUR', 'en')).toBe('1,000.00\u00a0EUR');
    expect(formatMoney('0.5', 'USDT', 'ru')).toBe('0,500000\u00a0USDT');
    expect(formatMoney('1.5', 'BTC', 'en')).toBe('1.50000000\u00a0BTC');
    expect(formatMoney('2', 'ETH', 'en')).toBe('2.000000000000000000\u00a0ETH');
    expect(formatMoney('1.005', 'EUR', 'en')).toBe('1.005\u00a0EUR');
    expect(formatMoney('12', 'XYZ', 'en')).toBe('12\u00a0XYZ');
  });
});

describe('formatPercent', () => {
  it('turns basis points into percentages by integer arithmetic', () => {
    expect(formatPercent(30, 'en', 2)).toBe('0.30%');
    expect(formatPercent(30, 'ru', 2)).toBe('0,30%');
    expect(formatPercent(250, 'en', 1)).toBe('2.5%');
    expect(formatPercent(1100, 'en')).toBe('11%');
    expect(formatPercent(1200, 'ru')).toBe('12%');
  });
});

describe('percentDigits', () => {
  it('writes as many decimals as the rate has', () => {
    expect([250, 150, 100, 125, 30, 1100, 1025].map(percentDigits)).toEqual([1, 1, 0, 2, 1, 0, 2]);
  });
});

describe('formatAccountNumber', () => {
  it('groups digits by four', () => {
    expect(formatAccountNumber('4070000000000158')).toBe('4070\u00a00000\u00a00000\u00a00158');
    expect(formatAccountNumber('GB29 NWBK')).toBe('GB29 NWBK');
  });
});

describe('formatIban', () => {
  it('groups an IBAN by four characters, and leaves anything else as it is', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000');
    expect(formatIban('GB29NWBK60161331926819')).toBe('GB29\u00a0NWBK\u00a06016\u00a01331\u00a09268\u00a019');
    expect(formatIban('DE89 3704 0044')).toBe('DE89 3704 0044');
  });
});
