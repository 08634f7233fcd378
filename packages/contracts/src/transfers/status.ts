/**
 * A transfer's statuses and the moves between them (docs/time.md): the one table the server's every
 * status change goes through (transfers/records.ts refuses any other) and the web reads to offer a
 * row's actions. docs/product.md#states names New, Approved, Denied, Processing, Canceling, Canceled, Refunded and
 * Error; the bank's time adds Scheduled (dated after today: nothing moves or is held yet), Failed
 * (it fell due and could not be paid) and Expired (the bank did not decide it in time).
 */
export const TRANSACTION_STATUSES = [
  'Scheduled', 'New', 'Processing', 'Approved', 'Denied', 'Canceling', 'Canceled', 'Refunded', 'Error', 'Failed', 'Expired',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** What a transfer may be written as when it is made: settled at once, waiting for the bank, or for its date. */
export const INITIAL_TRANSFER_STATUSES: readonly TransactionStatus[] = ['Scheduled', 'New', 'Approved'];

/**
 * Every allowed move. Scheduled runs on its date (an internal transfer is booked: Approved; one
 * abroad is held for the bank: New) or fails for want of funds; the client cancels it free. New is
 * taken into work, decided, withdrawn by the client (the fee of docs/product.md#tariffs-and-limits) or expires; Processing is
 * decided or expires. The rest are final: a correction is a reversal, a transfer of its own.
 */
export const TRANSFER_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  Scheduled: ['New', 'Approved', 'Failed', 'Canceled'],
  New: ['Processing', 'Approved', 'Denied', 'Canceled', 'Expired'],
  Processing: ['Approved', 'Denied', 'Expired'],
  Approved: [],
  Denied: [],
  Canceling: [],
  Canceled: [],
  Refunded: [],
  Error: [],
  Failed: [],
  Expired: [],
};

export function canMoveTransfer(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSFER_TRANSITIONS[from].includes(to);
}

/** The statuses a transfer may move to `to` from (the guard of an UPDATE). */
export function statusesBefore(to: TransactionStatus): TransactionStatus[] {
  return TRANSACTION_STATUSES.filter((from) => canMoveTransfer(from, to));
}

/** Statuses in which nothing has moved yet and the client may still act: cancel free (Scheduled), withdraw for the fee (New). */
export const CLIENT_CANCELABLE_STATUSES = ['Scheduled', 'New'] as const satisfies readonly TransactionStatus[];

/** Final statuses: nothing will happen to the transfer any more. */
export function isFinalStatus(status: TransactionStatus): boolean {
  return TRANSFER_TRANSITIONS[status].length === 0;
}
