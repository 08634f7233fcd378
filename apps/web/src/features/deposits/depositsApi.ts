// Contracts are imported by file so this chunk carries only these types, not every schema.
import type { Deposit, DepositCloseQuote, DepositQuote, DepositTerms, ListDepositsResponse } from '@bank/contracts/deposits/index';
import type { ErrorBody } from '@bank/contracts/errors';
import { apiRequest } from '../../lib/api';
import { submitWithKey, type KeyedSubmission, type SubmissionKeys } from '../../lib/submitTransaction';

/** GET /api/deposit/list: the client's deposits, running first, newest first. */
export async function fetchDeposits(token: string): Promise<Deposit[]> {
  const answer = await apiRequest<ListDepositsResponse>('GET', 'deposit/list', { token });
  return answer.deposits;
}

/** GET /api/deposit/quote: what opening a deposit on these terms would do today, nothing booked. */
export function fetchDepositQuote(token: string | null, terms: DepositTerms, signal?: AbortSignal): Promise<DepositQuote> {
  return apiRequest<DepositQuote>('GET', 'deposit/quote', {
    token,
    signal,
    query: { currency: terms.currency, accNumberFrom: terms.accNumberFrom, amount: terms.amount, termMonths: terms.termMonths, payoutMonths: terms.payoutMonths },
  });
}

/**
 * POST /api/deposit/create with the form's key: a resent submission whose answer was lost opens one
 * deposit, not two. It carries the quote's figures the client confirmed: the bank opens on exactly
 * those, or answers 409 'quoteChanged' with its new quote (quoteChangedIn).
 */
export function openDeposit(token: string | null, terms: DepositTerms, quote: DepositQuote, keys: SubmissionKeys): Promise<KeyedSubmission<Deposit>> {
  const expected = { rateBasisPoints: quote.rateBasisPoints, openingDate: quote.openingDate, openingFee: quote.openingFee.amount, totalInterest: quote.totalInterest };
  return submitWithKey<Deposit>('deposit/create', { ...terms, expected }, token, keys);
}

/** The bank's new quote when it refused a confirmation because its figures changed meanwhile, else null. */
export function quoteChangedIn<Quote>(body: ErrorBody | null): Quote | null {
  const details = body?.details as { reason?: unknown; quote?: unknown } | undefined;
  return body?.code === 'CONFLICT' && details?.reason === 'quoteChanged' && details.quote ? (details.quote as Quote) : null;
}

/** GET /api/deposit/close-quote: what closing the deposit today returns and forfeits. */
export function fetchCloseQuote(token: string | null, depositId: string): Promise<DepositCloseQuote> {
  return apiRequest<DepositCloseQuote>('GET', 'deposit/close-quote', { token, query: { depositId } });
}

/**
 * POST /api/deposit/close with its own key, so a retried closing closes (and pays back) once; with
 * the close quote's day and forfeited interest, on which alone the bank closes it.
 */
export function closeDeposit(token: string | null, quote: DepositCloseQuote, keys: SubmissionKeys): Promise<KeyedSubmission<Deposit>> {
  const expected = { closingDate: quote.closingDate, forfeitedInterest: quote.forfeitedInterest };
  return submitWithKey<Deposit>('deposit/close', { depositId: quote.depositId, expected }, token, keys);
}
