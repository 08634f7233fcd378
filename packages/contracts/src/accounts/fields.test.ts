import { describe, expect, it } from 'vitest';
import { amountInputSchema } from './fields';

const problem = (input: unknown) => {
  const result = amountInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('amountInputSchema', () => {
  it('refuses the exponent form alike as a string, as the text a JSON number arrives as, and as a number', () => {
    // The server's JSON parser hands a number written with an exponent on as its text (json-body.ts).
    for (const input of ['1e3', '1E-2', ' 1e3 ', '1E+3', '1.5e2', 1e21, 1e-7]) {
      expect(problem(input), String(input)).toBe('validation.amount.invalid');
    }
    expect(problem('-1e3')).toBe('validation.amount.notPositive');
  });

  it('takes plain decimals as their exact text', () => {
    expect(amountInputSchema.parse('1000')).toBe('1000');
    expect(amountInputSchema.parse(' 0.01 ')).toBe('0.01');
    expect(amountInputSchema.parse(12.5)).toBe('12.5');
    expect(amountInputSchema.parse('100000000000000.01')).toBe('100000000000000.01');
  });
});
