import type { ConversionQuote } from '@bank/contracts/exchange/conversion-quote';
import type { Currency } from '@bank/contracts/money/currencies';
import { apiRequest } from '../../lib/api';

export type QuoteState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; quote: ConversionQuote } | { status: 'failed' };

/**
 * GET /api/exchange/conversion-quote (bearer): what a crypto conversion of `amount` gives at the
 * rate on offer, and the fee of its volume tier (docs/product.md#tariffs-and-limits) charged on top in the currency sold.
 */
export function fetchConversionQuote(token: string | null, from: Currency, to: Currency, amount: string, signal?: AbortSignal): Promise<ConversionQuote> {
  return apiRequest<ConversionQuote>('GET', 'exchange/conversion-quote', { token, signal, query: { from, to, amount: amount.trim() } });
}
