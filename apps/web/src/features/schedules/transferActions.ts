import { CLIENT_CANCELABLE_STATUSES, canMoveTransfer, type TransactionStatus } from '@bank/contracts/transfers/status';
import type { TransactionReference, TransactionType } from '@bank/contracts/transfers/transaction-record';

/**
 * What the client may do to one of its transfers before it moves: cancel a scheduled one (free),
 * or withdraw an order abroad still waiting for the bank (the fee of docs/product.md#tariffs-and-limits). Read from the state
 * table, so a status the table no longer lets the client cancel loses its button by itself.
 */
export type ClientTransferAction = 'cancel' | 'withdraw';

/** The statuses the client acts on and the move each action makes; nothing else is offered. */
const ACTION_OF_STATUS: Partial<Record<TransactionStatus, ClientTransferAction>> = { Scheduled: 'cancel', New: 'withdraw' };

export function clientActionOf(row: { status: TransactionStatus; direction: 'IN' | 'OUT'; reference: TransactionReference; transactionType?: TransactionType }): ClientTransferAction | null {
  if (row.direction !== 'OUT') return null;
  // A card payment waits for the merchant's clearing, not for the bank: the holder cannot withdraw it (docs/cards.md).
  if (row.transactionType === 'Card') return null;
  if (!(CLIENT_CANCELABLE_STATUSES as readonly TransactionStatus[]).includes(row.status)) return null;
  if (!canMoveTransfer(row.status, 'Canceled')) return null;
  const action = ACTION_OF_STATUS[row.status] ?? null;
  // Only an order abroad waits for the bank; an internal or exchange row is never New for long.
  if (action === 'withdraw' && row.reference !== 'International') return null;
  return action;
}

/** Statuses whose row says why: the bank's reason for a denial, or why the payment could not be made. */
export function showsReason(status: TransactionStatus): boolean {
  return status === 'Denied' || status === 'Failed';
}
