// Proves the limits form checks the amounts as the bank does (an amount in cents, above zero, within
// 50,000 a payment and 200,000 a month, the month not below one payment), reports each problem once
// under its field, sends every limit with the countries upper case, each once, in order, and that the
// maximum the validation text names in EN and RU is the contract's.
import { CARD_MAX_LIMITS } from '@bank/contracts/cards/cards';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../locales/localeFiles';
import { limitAmountsOf, limitAmountsSchema, limitFieldErrors, limitIssues, limitsRequestOf, normalisedCountries, withCountry, withoutCountry } from './limitsForm';

const errorsOf = (values: { perTransaction: string; monthly: string }) => {
  const parsed = limitAmountsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
};

describe('limit amounts', () => {
  it('accepts amounts within the maximum, the monthly one at least the per-payment one', () => {
    expect(errorsOf({ perTransaction: '5000.00', monthly: '20000' })).toEqual({});
    expect(errorsOf({ perTransaction: '50000', monthly: '200000.00' })).toEqual({});
    expect(errorsOf({ perTransaction: '100', monthly: '100' })).toEqual({});
  });

  it('refuses an amount above the cards’ maximum', () => {
    expect(errorsOf({ perTransaction: '50000.01', monthly: '200000' })).toEqual({ perTransaction: ['validation.cardLimit.tooHigh'] });
    expect(errorsOf({ perTransaction: '100', monthly: '200000.01' })).toEqual({ monthly: ['validation.cardLimit.tooHigh'] });
  });

  it('refuses a monthly limit below the per-payment one, under the monthly field', () => {
    expect(errorsOf({ perTransaction: '6000', monthly: '5999.99' })).toEqual({ monthly: ['validation.cardLimit.belowPerTransaction'] });
  });

  it('names what is wrong with an amount typed, once', () => {
    expect(errorsOf({ perTransaction: '', monthly: '100' }).perTransaction?.[0]).toBe('validation.required');
    expect(errorsOf({ perTransaction: 'abc', monthly: '100' }).perTransaction?.[0]).toBe('validation.amount.invalid');
    expect(errorsOf({ perTransaction: '10.001', monthly: '100' })).toEqual({ perTransaction: ['validation.amount.tooManyDecimals'] });
    expect(errorsOf({ perTransaction: '0', monthly: '100' })).toEqual({ perTransaction: ['validation.amount.notPositive'] });
    for (const errors of Object.values(errorsOf({ perTransaction: '', monthly: 'x' }))) expect(new Set(errors).size).toBe(errors.length);
  });

  it('checks nothing across the fields while one of them is not an amount', () => {
    expect(limitIssues({ perTransaction: 'abc', monthly: '1' })).toEqual([{ path: ['perTransaction'], message: 'validation.amount.invalid' }]);
  });
});

describe('limitsRequestOf', () => {
  it('starts from the card’s limits', () => {
    expect(limitAmountsOf({ perTransaction: '5000.00', monthly: '20000.00', online: true, countriesBlocked: [] })).toEqual({ perTransaction: '5000.00', monthly: '20000.00' });
  });

  it('sends every limit, the amounts trimmed and the countries upper case, each once, in order', () => {
    expect(limitsRequestOf({ perTransaction: ' 1000 ', monthly: '3000.50' }, false, ['ru', 'BY', 'RU'])).toEqual({
      perTransaction: '1000',
      monthly: '3000.50',
      online: false,
      countriesBlocked: ['BY', 'RU'],
    });
  });
});

describe('blocked countries', () => {
  it('adds a country once and removes it', () => {
    expect(withCountry(['RU'], 'by')).toEqual(['BY', 'RU']);
    expect(withCountry(['RU'], 'RU')).toEqual(['RU']);
    expect(withCountry(['RU'], '')).toEqual(['RU']);
    expect(withoutCountry(['BY', 'RU'], 'BY')).toEqual(['RU']);
    expect(normalisedCountries([' de', 'DE', ''])).toEqual(['DE']);
  });
});

describe('limitFieldErrors', () => {
  it('puts the bank’s errors under the two amounts and leaves the rest to a sentence', () => {
    expect(limitFieldErrors({ monthly: 'validation.cardLimit.belowPerTransaction', 'countriesBlocked.0': 'validation.country.invalid' })).toEqual({
      monthly: ['validation.cardLimit.belowPerTransaction'],
    });
    expect(limitFieldErrors({ perTransaction: 'validation.cardLimit.tooHigh' })).toEqual({ perTransaction: ['validation.cardLimit.tooHigh'] });
    expect(limitFieldErrors(undefined)).toEqual({});
  });
});

describe('the maximum named in words', () => {
  it('is the contract’s, in EN and RU (the validation text cannot take the figures as values)', () => {
    expect(CARD_MAX_LIMITS).toEqual({ perTransaction: '50000.00', monthly: '200000.00' });
    expect(loadNamespace('en', 'validation').get('cardLimit.tooHigh')).toContain('50,000 USD per payment and 200,000 USD per month');
    expect(loadNamespace('ru', 'validation').get('cardLimit.tooHigh')).toContain('50 000 USD на одну операцию и 200 000 USD в месяц');
  });
});
