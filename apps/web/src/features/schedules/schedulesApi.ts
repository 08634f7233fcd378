// Contracts are imported by file so this chunk carries only these types, not every schema.
import type { CancelTransferResponse } from '@bank/contracts/transfers/cancel-transfer';
import type {
  CreateStandingOrderPayload,
  ListStandingOrdersResponse,
  StandingOrder,
  StandingOrderAction,
} from '@bank/contracts/transfers/standing-orders';
import type { TransactionRecord } from '@bank/contracts/transfers/transaction-record';
import { apiRequest, newIdempotencyKey } from '../../lib/api';

export async function fetchStandingOrders(token: string): Promise<StandingOrder[]> {
  const answer = await apiRequest<ListStandingOrdersResponse>('GET', 'standing-orders', { token });
  return answer.orders;
}

/** POST /api/standing-orders; the key makes a resent submission (a lost answer) one order, not two. */
export function createStandingOrder(token: string | null, request: CreateStandingOrderPayload, idempotencyKey: string): Promise<StandingOrder> {
  return apiRequest<StandingOrder>('POST', 'standing-orders', { token, body: request, idempotencyKey });
}

export function changeStandingOrder(token: string | null, id: string, action: StandingOrderAction): Promise<StandingOrder> {
  return apiRequest<StandingOrder>('POST', `standing-orders/${encodeURIComponent(id)}/${action}`, { token, body: {} });
}

export function cancelTransfer(token: string | null, transactionNumber: string): Promise<CancelTransferResponse> {
  return apiRequest<CancelTransferResponse>('POST', 'transaction/cancel', { token, body: { transactionNumber }, idempotencyKey: newIdempotencyKey() });
}

/** The client's transfers still waiting for their date, soonest first. */
export async function fetchScheduledTransfers(token: string): Promise<TransactionRecord[]> {
  const rows = await apiRequest<TransactionRecord[]>('GET', 'transaction/list', { token, query: { limit: 1000 } });
  return rows
    .filter((row) => row.transactionStatus === 'Scheduled' && row.direction === 'OUT')
    .sort((a, b) => (a.paymentDate ?? '').localeCompare(b.paymentDate ?? ''));
}
