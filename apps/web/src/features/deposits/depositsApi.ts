// Contracts are imported by file so this chunk carries only these types, not every schema.
import type { Deposit, DepositCloseQuote, DepositQuote, DepositTerms, ListDepositsResponse } from '@bank/contracts/deposits/index';
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

/** POST /api/deposit/create with the form's key: a resent submission whose answer was lost opens one deposit, not two. */
export function openDeposit(token: string | null, terms: DepositTerms, keys: SubmissionKeys): Promise<KeyedSubmission<Deposit>> {
  return submitWithKey<Deposit>('deposit/create', terms, token, keys);
}

/** GET /api/deposit/close-quote: what closing the deposit today returns and forfeits. */
export function fetchCloseQuote(token: string | null, depositId: string): Promise<DepositCloseQuote> {
  return apiRequest<DepositCloseQuote>('GET', 'deposit/close-quote', { token, query: { depositId } });
}

/** POST /api/deposit/close with its own key, so a retried closing closes (and pays back) once. */
export function closeDeposit(token: string | null, depositId: string, keys: SubmissionKeys): Promise<KeyedSubmission<Deposit>> {
  return submitWithKey<Deposit>('deposit/close', { depositId }, token, keys);
}
