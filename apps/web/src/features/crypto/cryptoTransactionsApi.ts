import { CRYPTO_PAGE_SIZE, type CryptoTransactionsResponse } from '@bank/contracts/crypto/crypto-transactions';
import { apiRequest } from '../../lib/api';
import { clientTimeZone } from '../statement';
import type { CryptoTransactionFilters } from './cryptoTransactionsSlice';

/** The filters as GET /api/crypto-transaction/list reads them; period presets are days of the client's own calendar. */
export function cryptoTransactionsQuery(filters: CryptoTransactionFilters, cursor: string | null): Record<string, string | number | undefined> {
  return {
    wallet: filters.accountNumber || undefined,
    status: filters.status || undefined,
    period: filters.period || undefined,
    limit: CRYPTO_PAGE_SIZE,
    cursor: cursor ?? undefined,
    timeZone: clientTimeZone(),
  };
}

export function fetchCryptoTransactions(
  token: string | null,
  filters: CryptoTransactionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CryptoTransactionsResponse> {
  return apiRequest<CryptoTransactionsResponse>('GET', 'crypto-transaction/list', { token, signal, query: cryptoTransactionsQuery(filters, cursor) });
}
