// Proves a revealed card number is written in groups of four, whatever separators it came with.
import { describe, expect, it } from 'vitest';
import { formatCardNumber } from './cardNumber';

describe('formatCardNumber', () => {
  it('groups the sixteen digits of a card number in fours', () => {
    expect(formatCardNumber('5319721234567890')).toBe('5319 7212 3456 7890');
  });

  it('drops the separators it came with before grouping', () => {
    expect(formatCardNumber('5319-7212 3456 7890')).toBe('5319 7212 3456 7890');
    expect(formatCardNumber(' 53197212 34567890 ')).toBe('5319 7212 3456 7890');
  });

  it('leaves a short last group as it is, and an empty number empty', () => {
    expect(formatCardNumber('531972123')).toBe('5319 7212 3');
    expect(formatCardNumber('')).toBe('');
  });
});
