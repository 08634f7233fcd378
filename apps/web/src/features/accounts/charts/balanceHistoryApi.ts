// Contracts are imported by file so the charts' chunk carries only these types, not every schema.
import type { BalanceHistoryResponse, BalanceHistorySpan } from '@bank/contracts/statement/balance-history';
import type { FiatCurrency } from '@bank/contracts/money';
import { apiRequest } from '../../../lib/api';
import { clientTimeZone } from '../../statement';

/** GET /api/statement/balance-history: the accounts' closing balances of the last days, in the client's own calendar. */
export function readBalanceHistory(token: string, days: BalanceHistorySpan, base: FiatCurrency, signal?: AbortSignal): Promise<BalanceHistoryResponse> {
  return apiRequest<BalanceHistoryResponse>('GET', 'statement/balance-history', { token, query: { days, base, timeZone: clientTimeZone() }, signal });
}
