import { DEPOSIT_CURRENCIES, DEPOSITS } from '@bank/contracts/tariffs';
import type { AccountSummary } from '../auth';

/**
 * The choices of the form that opens a deposit, read from DEPOSITS (the table the public pages
 * print), so the form offers exactly what the bank accepts.
 */

/** The term as typed, in whole months, or null while it is not a whole number. */
export function termMonthsOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : null;
}

export interface PayoutChoice {
  months: number;
  /** False when the period is longer than the term typed: the bank refuses it (a payout never falls after maturity). */
  fitsTerm: boolean;
}

/** Every payout period of the tariff, each marked whether it fits the term typed; all fit while no term is typed. */
export function payoutChoices(termText: string): PayoutChoice[] {
  const term = termMonthsOf(termText);
  return DEPOSITS.interestPaidEveryMonths.map((months) => ({ months, fitsTerm: term === null || months <= term }));
}

/** The client's accounts a deposit in `currency` can be funded from: those in the same currency. */
export function fundingAccounts(accounts: readonly AccountSummary[], currency: string): AccountSummary[] {
  return accounts.filter((account) => account.currency === currency);
}

/**
 * The funding account once the currency is chosen: the one chosen while it is in that currency,
 * else the only account in it (nothing else to choose), else none.
 */
export function fundingAccountFor(accounts: readonly AccountSummary[], currency: string, chosen: string): string {
  const candidates = fundingAccounts(accounts, currency);
  if (candidates.some((account) => account.number === chosen)) return chosen;
  return candidates.length === 1 ? candidates[0]!.number : '';
}

/**
 * The currency the form offers before the client picks one: the one shown while the client holds
 * an account in it, else the first deposit currency the client holds an account in, else the one shown.
 */
export function offeredCurrency(accounts: readonly AccountSummary[], shown: string): string {
  if (fundingAccounts(accounts, shown).length > 0) return shown;
  return DEPOSIT_CURRENCIES.find((currency) => fundingAccounts(accounts, currency).length > 0) ?? shown;
}
