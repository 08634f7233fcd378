// Proves how the deposit form offers its choices: payout periods against the term typed (one
// longer than the term is not offered), the term read only as whole months, and the funding
// account following the currency.
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../auth';
import { fundingAccountFor, fundingAccounts, offeredCurrency, payoutChoices, termMonthsOf } from './depositTerms';

const fitting = (term: string) => payoutChoices(term).filter((choice) => choice.fitsTerm).map((choice) => choice.months);

describe('payout periods against the term', () => {
  it('offers the tariff periods, in order, only up to the term', () => {
    expect(payoutChoices('12').map((choice) => choice.months)).toEqual([1, 3, 6, 12]);
    expect(fitting('3')).toEqual([1, 3]);
    expect(fitting('5')).toEqual([1, 3]);
    expect(fitting('6')).toEqual([1, 3, 6]);
    expect(fitting('11')).toEqual([1, 3, 6]);
    expect(fitting('12')).toEqual([1, 3, 6, 12]);
    expect(fitting('60')).toEqual([1, 3, 6, 12]);
  });

  it('leaves every period open while no whole term is typed (the term field says what is wrong)', () => {
    for (const term of ['', ' ', '1.5', 'twelve', '-3', '1000']) expect(fitting(term)).toEqual([1, 3, 6, 12]);
  });

  it('marks every period too long for a term under the tariff minimum but the monthly one', () => {
    expect(fitting('2')).toEqual([1]);
    expect(fitting('0')).toEqual([]);
  });
});

describe('the term', () => {
  it('is read as whole months only', () => {
    expect(termMonthsOf(' 24 ')).toBe(24);
    expect(termMonthsOf('060')).toBe(60);
    expect(termMonthsOf('')).toBeNull();
    expect(termMonthsOf('6.5')).toBeNull();
    expect(termMonthsOf('1e2')).toBeNull();
  });
});

describe('the funding account', () => {
  const account = (number: string, currency: string): AccountSummary => ({ number, currency, balance: '20000.00', key: number });
  const accounts = [account('4070000000000158', 'EUR'), account('4070000000000255', 'USD'), account('4070000000000352', 'EUR'), account('4070000000000449', 'GBP')];

  it('lists the accounts in the deposit currency only', () => {
    expect(fundingAccounts(accounts, 'EUR').map((item) => item.number)).toEqual(['4070000000000158', '4070000000000352']);
    expect(fundingAccounts(accounts, 'USD').map((item) => item.number)).toEqual(['4070000000000255']);
    expect(fundingAccounts(accounts, 'CHF')).toEqual([]);
  });

  it('keeps the chosen account while it is in the currency, takes the only one, or leaves the choice open', () => {
    expect(fundingAccountFor(accounts, 'EUR', '4070000000000352')).toBe('4070000000000352');
    expect(fundingAccountFor(accounts, 'USD', '4070000000000352')).toBe('4070000000000255');
    expect(fundingAccountFor(accounts, 'EUR', '4070000000000255')).toBe('');
    expect(fundingAccountFor(accounts, 'EUR', '')).toBe('');
    expect(fundingAccountFor(accounts, 'CHF', '4070000000000158')).toBe('');
  });

  it('offers a currency the client can fund a deposit in, until the client picks one', () => {
    expect(offeredCurrency(accounts, 'EUR')).toBe('EUR');
    expect(offeredCurrency(accounts, 'USD')).toBe('USD');
    expect(offeredCurrency([account('4070000000000255', 'USD'), account('4070000000000449', 'GBP')], 'EUR')).toBe('USD');
    expect(offeredCurrency([account('4070000000000449', 'GBP')], 'EUR')).toBe('EUR');
    expect(offeredCurrency([], 'EUR')).toBe('EUR');
  });
});
