import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  parseAmount,
  TRANSACTION_TYPE_OF_REGION,
  type Currency,
  type InternationalTransferRequest,
  type PaymentRegion,
  type TransactionStatus,
} from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findOwnAccount } from '../accounts/service';
import { recordAudit } from '../audit/service';
import { bankAccountId, placeHold, postEntry, releaseHold } from '../ledger/ledger';
import { loadRateTable } from '../rates/service';
import { quoteInternationalFee } from './fees';
import { recordOperations, setTransferStatus } from './records';

/**
 * International (bank) transfers: created by the client with a fee, amount + fee held at once
 * (status New); the back office later approves (the hold is captured: client −(amount + fee),
 * clearing +amount, fee income +fee), denies or the client cancels (the hold is released).
 */
function checkRegionRules(request: InternationalTransferRequest, currency: Currency): void {
  if (request.paymentRegions !== 'SEPA') return;
  // SEPA moves euros between IBANs only.
  if (currency !== 'EUR') {
    throw new AppError('VALIDATION_FAILED', { message: 'SEPA transfers are in euros only', fields: { paymentRegions: 'validation.paymentRegions.sepaEuroOnly' } });
  }
  if (!request.recipientDetails.recipientsIban) {
    throw new AppError('VALIDATION_FAILED', { message: 'SEPA transfers need the IBAN', fields: { 'recipientDetails.recipientsIban': 'validation.iban.requiredForSepa' } });
  }
}

/** POST /api/transaction/create with type 'international'. Answers the transaction number. */
export async function createInternationalTransfer(trx: Db, clientId: string, request: InternationalTransferRequest): Promise<string> {
  const from = await findOwnAccount(trx, clientId, request.fromAccount);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { fromAccount: 'validation.fromAccount.notFound' } });
  const amount = parseAmount(request.amount, from.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  checkRegionRules(request, from.currency);

  const fee = quoteInternationalFee(await loadRateTable(trx), from.currency, amount.minor);
  const transferId = randomUUID();
  let held;
  try {
    held = await placeHold(trx, { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: fee.totalMinor, transferId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', {
        details: { fee: formatMinor(fee.feeMinor, from.currency), total: formatMinor(fee.totalMinor, from.currency) },
      });
    }
    throw error;
  }
  const details = request.recipientDetails;
  const beneficiaryAccount = details.recipientsIban ?? details.recipientsAccountNumber ?? '';
  const region: PaymentRegion = request.paymentRegions;
  const numbers = await recordOperations(trx, [
    {
      at: held.heldAt,
      transfer: {
        id: transferId,
        kind: 'international',
        status: 'New',
        clientId,
        fromAccountId: from.id,
        toAccountId: null,
        amountMinor: amount.minor,
        currency: from.currency,
        feeMinor: fee.feeMinor,
        paymentRegion: region,
        purpose: request.purpose,
        templateName: request.templateName,
        paymentReference: request.reference,
        paymentDate: request.paymentDate,
        recipient: request.recipient ?? details.fullName,
        recipientDetails: details,
        holdId: held.holdId,
      },
      sides: [
        {
          clientId,
          accountId: from.id,
          direction: 'OUT',
          fromAccount: from.number,
          toAccount: beneficiaryAccount,
          recipient: details.fullName,
          amountMinor: amount.minor,
          currency: from.currency,
          feeMinor: fee.feeMinor,
          // Pending: nothing is booked, and the booked balance is what it was; the hold is not a posting.
          bookedAt: null,
          balanceAfterMinor: held.balance.bookedMinor,
          transactionType: TRANSACTION_TYPE_OF_REGION[region],
          reference: 'International',
        },
      ],
      actor: { type: 'client', id: clientId },
    },
  ]);
  return numbers.get(transferId)!;
}

export interface PendingTransfer {
  id: string;
  status: TransactionStatus;
  clientId: string;
  fromAccountId: string;
  ledgerAccountId: string;
  currency: Currency;
  amountMinor: bigint;
  feeMinor: bigint;
  holdId: string;
}

/** Locks a pending international transfer (before any ledger row, always in that order). */
export async function lockPendingTransfer(trx: Db, transferId: string, clientId?: string): Promise<PendingTransfer> {
  let query = trx
    .selectFrom('transfers')
    .innerJoin('accounts', 'accounts.id', 'transfers.from_account_id')
    .select([
      'transfers.id',
      'transfers.status',
      'transfers.client_id',
      'transfers.from_account_id',
      'transfers.currency',
      'transfers.amount',
      'transfers.fee',
      'transfers.hold_id',
      'accounts.ledger_account_id',
    ])
    .where('transfers.id', '=', transferId)
    .where('transfers.kind', '=', 'international');
  if (clientId) query = query.where('transfers.client_id', '=', clientId);
  const row = await query.forUpdate('transfers').executeTakeFirst();
  if (!row || !row.hold_id || !row.from_account_id) throw new AppError('NOT_FOUND');
  if (row.status !== 'New' && row.status !== 'Processing') {
    throw new AppError('CONFLICT', { message: `The transfer is already ${row.status}`, details: { status: row.status } });
  }
  const currency = row.currency as Currency;
  const amount = parseAmount(row.amount, currency);
  const fee = parseAmount(row.fee, currency, { allowZero: true });
  if (!amount.ok || !fee.ok) throw new Error(`Transfer ${transferId} holds unreadable amounts`);
  return {
    id: row.id,
    status: row.status,
    clientId: row.client_id,
    fromAccountId: row.from_account_id,
    ledgerAccountId: String(row.ledger_account_id),
    currency,
    amountMinor: amount.minor,
    feeMinor: fee.minor,
    holdId: row.hold_id,
  };
}

async function audit(
  trx: Db,
  transfer: PendingTransfer,
  status: TransactionStatus,
  actor: { type: 'operator' | 'client'; id: string },
  extra: Record<string, unknown> = {},
) {
  await recordAudit(trx, {
    actorType: actor.type,
    actorId: actor.id,
    action: `transfer.${status.toLowerCase()}`,
    subjectType: 'transfer',
    subjectId: transfer.id,
    before: { status: transfer.status },
    after: { status, ...extra },
  });
}

/** The back office takes a locked transfer into work (New → Processing); the funds stay held. */
export async function setTransferProcessing(trx: Db, transfer: PendingTransfer, operatorId: string, extra: Record<string, unknown> = {}): Promise<void> {
  if (transfer.status !== 'New') throw new AppError('CONFLICT', { message: `The transfer is already ${transfer.status}`, details: { status: transfer.status } });
  await setTransferStatus(trx, transfer.id, 'Processing');
  await audit(trx, transfer, 'Processing', { type: 'operator', id: operatorId }, extra);
}

export async function markTransferProcessing(trx: Db, transferId: string, operatorId: string): Promise<void> {
  await setTransferProcessing(trx, await lockPendingTransfer(trx, transferId), operatorId);
}

/** The final approval of a locked transfer: the hold becomes postings (client −(amount + fee), clearing +amount, fee income +fee). */
export async function captureTransfer(trx: Db, transfer: PendingTransfer, operatorId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const postings = [
    { accountId: transfer.ledgerAccountId, currency: transfer.currency, amountMinor: -(transfer.amountMinor + transfer.feeMinor) },
    { accountId: await bankAccountId(trx, 'clearing', transfer.currency), currency: transfer.currency, amountMinor: transfer.amountMinor },
  ];
  if (transfer.feeMinor > 0n) {
    postings.push({ accountId: await bankAccountId(trx, 'fee_income', transfer.currency), currency: transfer.currency, amountMinor: transfer.feeMinor });
  }
  const { balances, bookedAt } = await postEntry(trx, { kind: 'international_transfer', transferId: transfer.id, postings, captureHoldIds: [transfer.holdId] });
  // The row is booked now, with the postings: it takes its place on the statement at this instant.
  await setTransferStatus(trx, transfer.id, 'Approved', {
    accountId: transfer.fromAccountId,
    at: bookedAt,
    balanceAfterMinor: balances.get(transfer.ledgerAccountId)!.bookedMinor,
    currency: transfer.currency,
  });
  await audit(trx, transfer, 'Approved', { type: 'operator', id: operatorId }, extra);
}

export async function approveTransfer(trx: Db, transferId: string, operatorId: string): Promise<void> {
  await captureTransfer(trx, await lockPendingTransfer(trx, transferId), operatorId);
}

/** Denial of a locked transfer: the hold is released and nothing is booked; the row stays where it was made, moving nothing. */
export async function denyLockedTransfer(trx: Db, transfer: PendingTransfer, operatorId: string, reason?: string): Promise<void> {
  await releaseHold(trx, transfer.holdId);
  await setTransferStatus(trx, transfer.id, 'Denied');
  await audit(trx, transfer, 'Denied', { type: 'operator', id: operatorId }, reason ? { reason } : {});
}

export async function denyTransfer(trx: Db, transferId: string, operatorId: string, reason?: string): Promise<void> {
  await denyLockedTransfer(trx, await lockPendingTransfer(trx, transferId), operatorId, reason);
}

/** The client withdraws its own pending transfer: the hold is released. Another client's transfer is 404. */
export async function cancelTransfer(trx: Db, transferId: string, clientId: string): Promise<void> {
  const transfer = await lockPendingTransfer(trx, transferId, clientId);
  await releaseHold(trx, transfer.holdId);
  await setTransferStatus(trx, transferId, 'Canceled');
  await audit(trx, transfer, 'Canceled', { type: 'client', id: clientId });
}
