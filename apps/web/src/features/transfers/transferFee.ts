import { parseAmount, type Currency } from '@bank/contracts/money';
import type { TransferFeeResponse } from '@bank/contracts/transfers/transfer-fee';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api';

/** How long typing pauses before the fee is asked for again. */
export const FEE_QUOTE_DELAY_MS = 350;

/** GET /api/transaction/fee: the international fee of docs/product.md#tariffs-and-limits for an amount, shown before confirming. */
export function fetchTransferFee(amount: string, currency: Currency, signal?: AbortSignal): Promise<TransferFeeResponse> {
  return apiRequest<TransferFeeResponse>('GET', 'transaction/fee', { query: { amount: amount.trim(), currency }, signal });
}

export type FeeState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; quote: TransferFeeResponse }
  | { status: 'failed' };

/** The fee of the amount being typed, asked for once the amount is a valid amount of the currency. */
export function useTransferFee(amount: string, currency: Currency | null): FeeState {
  const [state, setState] = useState<FeeState>({ status: 'idle' });
  const valid = currency !== null && parseAmount(amount, currency).ok;
  useEffect(() => {
    if (!valid || !currency) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchTransferFee(amount, currency, controller.signal).then(
        (quote) => setState({ status: 'ready', quote }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, FEE_QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, currency, valid]);
  return state;
}
