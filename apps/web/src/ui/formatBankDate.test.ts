// The statement's dates are written as ru-RU's short date, whatever the language (docs/product.md#screens-and-routes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBankDate } from './formatBankDate';

describe('formatBankDate', () => {
  it('writes a bank day as DD.MM.YYYY', () => {
    expect(formatBankDate('2026-03-05')).toBe('05.03.2026');
    expect(formatBankDate('2026-11-26T10:00:00Z')).toBe('26.11.2026');
  });

  it('is what ru-RU writes for the same day, on every day of three centuries', () => {
    const day = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (date) => {
        expect(formatBankDate(date)).toBe(new Date(`${date}T00:00:00Z`).toLocaleDateString('ru-RU', { timeZone: 'UTC' }));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves what is not a date as it is, and nothing as nothing', () => {
    expect(formatBankDate('soon')).toBe('soon');
    expect(formatBankDate(null)).toBe('');
    expect(formatBankDate(undefined)).toBe('');
  });
});
