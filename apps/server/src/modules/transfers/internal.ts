import { randomUUID } from 'node:crypto';
import type { InternalTransferRequest } from '@bank/contracts';
import { parseAmount, PROTOCOL, type TransactionStatus } from '@bank/contracts';
import type { Db } from '../../db';
import type { InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { findTransferAccounts, type ClientAccount, type TransferAccounts } from '../accounts';
import { refuseWhileBlocked } from '../auth';
import {
  type EntryRefusal,
  idempotencyConflict,
  type IdempotencyClaim,
  type JobOutcome,
  type MoneyWriteKind,
  type PreparedJob,
  readBalances,
  type TransferBatchItem,
  type TransferBatchOutcome,
  writeTransferBatch,
} from '../ledger';
import { refuseOverOperationMaximum, PayeeLookupFailed, payeeLookupBlock, recordedTexts, type NewSide, type NewTransfer } from '../operations';

/** One internal transfer, its accounts already resolved and checked. */
export interface InternalTransferOrder {
  clientId: string;
  from: ClientAccount;
  to: ClientAccount;
  amountMinor: bigint;
  recipient?: string;
  paymentReference?: string;
  templateName?: string;
  paymentDate?: string;
  purpose?: string;
  /** What the client told about the recipient besides the account (e-mail, payment method). */
  recipientDetails?: { email?: string; paymentMethod?: string };
  /** When it happened, if not now (demo history only). */
  at?: Date;
}

export type InternalTransferOutcome = { ok: true; transferId: string; transactionNumber: string } | { ok: false; reason: EntryRefusal };

/** The error a refused internal transfer answers: the payer's short balance, or the payee's account closed to new money. */
export function internalTransferRefusal(reason: EntryRefusal): AppError {
  return reason === 'ACCOUNT_CLOSED'
    ? new AppError('ACCOUNT_CLOSED', { fields: { accNumberTo: 'validation.accNumberTo.closed' } })
    : new AppError('INSUFFICIENT_FUNDS');
}

/**
 * Settles internal transfers at once (free, Approved): one journal entry each (payer −, payee +),
 * the transfer and its two statement rows, written by the ledger's one call for a batch
 * (writeTransferBatch). Each order succeeds or fails on its own, in order: one the payer cannot
 * afford after the orders before it is refused.
 */
export async function settleInternalTransfers(db: Db, orders: readonly InternalTransferOrder[]): Promise<InternalTransferOutcome[]> {
  const { transferIds, outcomes } = await writeInternalTransfers(db, orders, []);
  return outcomes.map((outcome, index) => {
    switch (outcome.outcome) {
      case 'written':
        return { ok: true, transferId: transferIds[index]!, transactionNumber: outcome.transactionNumber };
      case 'INSUFFICIENT_FUNDS':
      case 'ACCOUNT_CLOSED':
        return { ok: false, reason: outcome.outcome };
      default:
        throw new Error(`An internal transfer without an idempotency key was ${outcome.outcome}`);
    }
  });
}

/** The orders as the ledger's batch writes them, with their keys' claims where given (outside a transaction). */
async function writeInternalTransfers(
  db: Db,
  orders: readonly InternalTransferOrder[],
  claims: ReadonlyArray<IdempotencyClaim | undefined>,
): Promise<{ transferIds: string[]; outcomes: TransferBatchOutcome[] }> {
  const items = orders.map((order, index): TransferBatchItem => {
    // The batch records the payer's owner as the client who asked (internalTransferOrderOf finds the payer among the client's own accounts).
    if (order.clientId !== order.from.clientId) throw new Error('An internal transfer from an account of another client');
    const transfer = internalTransferOf(order, randomUUID(), 'Approved');
    const { details, description } = recordedTexts(transfer);
    return {
      transferId: transfer.id,
      payer: sideOf(order.from),
      payee: sideOf(order.to),
      currency: order.from.currency,
      amountMinor: order.amountMinor,
      recipient: transfer.recipient!,
      templateName: order.templateName ?? null,
      description,
      details,
      postedAt: order.at,
      claim: claims[index],
    };
  });
  return { transferIds: items.map((item) => item.transferId), outcomes: await writeTransferBatch(db, items, created) };
}

const sideOf = (account: ClientAccount) => ({ clientId: account.clientId, accountId: account.id, number: account.number, ledgerAccountId: account.ledgerAccountId });

/** The transfers row of an internal order, in `status` (Approved when settled, Scheduled when dated ahead). */
export function internalTransferOf(order: InternalTransferOrder, transferId: string, status: TransactionStatus): NewTransfer {
  return {
    id: transferId,
    kind: 'internal',
    status,
    clientId: order.clientId,
    fromAccountId: order.from.id,
    toAccountId: order.to.id,
    amountMinor: order.amountMinor,
    currency: order.from.currency,
    recipient: order.recipient ?? order.to.number,
    paymentReference: order.paymentReference,
    templateName: order.templateName,
    paymentDate: order.paymentDate,
    purpose: order.purpose,
    recipientDetails: order.recipientDetails,
  };
}

/**
 * The two side rows of an internal order, [OUT of the payer, IN of the payee], booked at `bookedAt`
 * (null while nothing is booked), each with its account's booked balance after it.
 */
export function internalSides(order: InternalTransferOrder, bookedAt: InstantText | null, bookedAfter: (account: ClientAccount) => bigint): [NewSide, NewSide] {
  const shared = {
    fromAccount: order.from.number,
    toAccount: order.to.number,
    recipient: order.recipient ?? order.to.number,
    amountMinor: order.amountMinor,
    currency: order.from.currency,
    transactionType: 'Intra' as const,
    reference: 'Internal' as const,
    bookedAt,
  };
  return [
    { ...shared, clientId: order.from.clientId, accountId: order.from.id, direction: 'OUT', balanceAfterMinor: bookedAfter(order.from) },
    { ...shared, clientId: order.to.clientId, accountId: order.to.id, direction: 'IN', balanceAfterMinor: bookedAfter(order.to) },
  ];
}

/** Checks an internal transfer request of a client and turns it into an order (4xx for every client mistake). */
export async function internalTransferOrder(trx: Db, clientId: string, request: InternalTransferRequest): Promise<InternalTransferOrder> {
  const found = await findTransferAccounts(trx, clientId, request.accNumberFrom, request.accNumberTo, payeeLookupBlock(clientId));
  return internalTransferOrderOf(trx, clientId, request, found);
}

/**
 * internalTransferOrder with the accounts already found (and the client's block on payee look-ups
 * read with them), e.g. in the statement that resolved the session.
 */
export async function internalTransferOrderOf(
  trx: Db,
  clientId: string,
  request: InternalTransferRequest,
  { from, to, alongside: blockedSeconds }: TransferAccounts<number | null>,
): Promise<InternalTransferOrder> {
  refuseWhileBlocked(blockedSeconds);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accNumberFrom: 'validation.accNumberFrom.notFound' } });
  const requestedCurrency = request.transferCurrency ?? request.currency;
  if (requestedCurrency && requestedCurrency !== from.currency) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The transfer currency is not the currency of the account',
      fields: { transferCurrency: 'validation.transferCurrency.mismatch' },
    });
  }
  const amount = parseAmount(request.amount, from.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  await refuseOverOperationMaximum(trx, amount.minor, from.currency);
  if (request.accNumberTo === from.number) {
    throw new AppError('VALIDATION_FAILED', { message: 'Choose another account to transfer to', fields: { accNumberTo: 'validation.accNumberTo.sameAccount' } });
  }
  // A payee that is not there (or not in this currency) is told only to a payer who could pay: an
  // amount it cannot pay learns nothing about the payee (payee-lookup.ts). The balance is read on
  // that path alone; a transfer to a real payee has its funds checked by the ledger.
  const refusePayee = async (refusal: PayeeLookupFailed): Promise<never> => {
    const available = (await readBalances(trx, [from.ledgerAccountId])).get(from.ledgerAccountId)!.availableMinor;
    throw available < amount.minor ? new AppError('INSUFFICIENT_FUNDS') : refusal;
  };
  if (!to) return refusePayee(new PayeeLookupFailed('NOT_FOUND', { message: 'Recipient account not found', fields: { accNumberTo: 'validation.accNumberTo.notFound' } }));
  if (to.currency !== from.currency) {
    return refusePayee(
      new PayeeLookupFailed('VALIDATION_FAILED', {
        message: `The recipient account is in another currency (${to.currency}); internal transfers move one currency`,
        fields: { accNumberTo: 'validation.accNumberTo.currencyMismatch' },
      }),
    );
  }
  return {
    clientId,
    from,
    to,
    amountMinor: amount.minor,
    recipient: request.fullName,
    recipientDetails: request.email || request.paymentMethod ? { email: request.email, paymentMethod: request.paymentMethod } : undefined,
    paymentReference: request.reference,
    templateName: request.templateName,
    paymentDate: request.transferDate,
  };
}

/** What a written internal transfer answers. */
const created = { status: 200, body: PROTOCOL.created };

/**
 * Internal transfers in the group commit: a batch of them alone is one call of the database
 * (writeAlone: keys, ledger and records together); in a batch shared with other kinds they settle
 * in its transaction, after its claims. An order locks its two accounts only.
 */
export const internalTransfers: MoneyWriteKind<InternalTransferOrder> = {
  name: 'internal transfers',
  answerWhenWritten: created,
  async settle(trx, orders) {
    return (await writeInternalTransfers(trx, orders, [])).outcomes.map(answerOf);
  },
  async writeAlone(db, orders, claims) {
    return (await writeInternalTransfers(db, orders, claims)).outcomes.map(answerOf);
  },
};

function answerOf(outcome: TransferBatchOutcome): JobOutcome {
  switch (outcome.outcome) {
    case 'written':
      return { ok: true, answer: { ...created, replayed: false } };
    case 'replayed':
      return { ok: true, answer: { ...outcome.answer, replayed: true } };
    case 'conflict':
      return { ok: false, error: idempotencyConflict() };
    default:
      return { ok: false, error: internalTransferRefusal(outcome.outcome) };
  }
}

export function internalTransferJob(order: InternalTransferOrder): PreparedJob<InternalTransferOrder> {
  return { kind: internalTransfers, item: order, resources: [order.from.ledgerAccountId, order.to.ledgerAccountId] };
}
