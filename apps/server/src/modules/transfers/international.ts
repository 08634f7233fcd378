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
import type { InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { findOwnAccount, type ClientAccount } from '../accounts';
import { placeHold, type Balance } from '../ledger';
import { type RateTable, loadRateTable } from '../rates';
import { quoteInternationalFee } from './fees';
import { refuseOverOperationMaximum, thresholdsAtCreation, type TransferThresholds, recordOperations, type NewOperation } from '../operations';

/**
 * International (bank) transfers: created by the client with a fee, amount + fee held at once
 * (status New), with the approvals it needs fixed then (limits.ts); the back office later approves (the hold is captured: client −(amount + fee),
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

/** An international transfer request of a client, checked (4xx for every client mistake), with its fee. */
export interface InternationalTransferOrder {
  clientId: string;
  from: ClientAccount;
  amountMinor: bigint;
  feeMinor: bigint;
  table: RateTable;
  request: InternationalTransferRequest;
}

/** Checks an international transfer request of a client and quotes its fee at today's rates. */
export async function internationalTransferOrder(trx: Db, clientId: string, request: InternationalTransferRequest): Promise<InternationalTransferOrder> {
  const from = await findOwnAccount(trx, clientId, request.fromAccount);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { fromAccount: 'validation.fromAccount.notFound' } });
  const amount = parseAmount(request.amount, from.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  checkRegionRules(request, from.currency);
  const table = await loadRateTable(trx);
  await refuseOverOperationMaximum(trx, amount.minor, from.currency, table);
  const fee = quoteInternationalFee(table, from.currency, amount.minor);
  return { clientId, from, amountMinor: amount.minor, feeMinor: fee.feeMinor, table, request };
}

/** Holds the amount and the fee on the payer's account; a short balance is 422 with the fee and the total. */
export async function holdInternationalTransfer(trx: Db, order: InternationalTransferOrder, transferId: string): Promise<{ holdId: string; balance: Balance; heldAt: InstantText }> {
  const { from } = order;
  const totalMinor = order.amountMinor + order.feeMinor;
  try {
    return await placeHold(trx, { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: totalMinor, transferId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', {
        details: { fee: formatMinor(order.feeMinor, from.currency), total: formatMinor(totalMinor, from.currency) },
      });
    }
    throw error;
  }
}

/** The bank's review of a held order (limits.ts): what it needs, fixed at the instant it was held. */
export function internationalThresholds(trx: Db, order: InternationalTransferOrder, heldAt: InstantText): Promise<TransferThresholds> {
  return thresholdsAtCreation(trx, order.table, { clientId: order.clientId, kind: 'international', amountMinor: order.amountMinor, currency: order.from.currency, at: heldAt });
}

/**
 * The record of an order: the transfer and the payer's OUT row, booking nothing (its booked balance
 * as it stands; a hold is not a posting). New with its hold and thresholds, or Scheduled without.
 */
export function internationalOperation(
  order: InternationalTransferOrder,
  transfer: { id: string; status: TransactionStatus; at: InstantText; bookedBalanceMinor: bigint; holdId?: string; thresholds?: TransferThresholds },
): NewOperation {
  const { request, from } = order;
  const details = request.recipientDetails;
  const region: PaymentRegion = request.paymentRegions;
  return {
    at: transfer.at,
    transfer: {
      id: transfer.id,
      kind: 'international',
      status: transfer.status,
      clientId: order.clientId,
      fromAccountId: from.id,
      toAccountId: null,
      amountMinor: order.amountMinor,
      currency: from.currency,
      feeMinor: order.feeMinor,
      paymentRegion: region,
      purpose: request.purpose,
      templateName: request.templateName,
      paymentReference: request.reference,
      paymentDate: request.paymentDate,
      recipient: request.recipient ?? details.fullName,
      recipientDetails: details,
      holdId: transfer.holdId,
      thresholds: transfer.thresholds,
    },
    sides: [
      {
        clientId: order.clientId,
        accountId: from.id,
        direction: 'OUT',
        fromAccount: from.number,
        toAccount: details.recipientsIban ?? details.recipientsAccountNumber ?? '',
        recipient: details.fullName,
        amountMinor: order.amountMinor,
        currency: from.currency,
        feeMinor: order.feeMinor,
        bookedAt: null,
        balanceAfterMinor: transfer.bookedBalanceMinor,
        transactionType: TRANSACTION_TYPE_OF_REGION[region],
        reference: 'International',
      },
    ],
    actor: { type: 'client', id: order.clientId },
  };
}

/** POST /api/transaction/create with type 'international'. Answers the transaction number. */
export async function createInternationalTransfer(trx: Db, clientId: string, request: InternationalTransferRequest): Promise<string> {
  const order = await internationalTransferOrder(trx, clientId, request);
  const transferId = randomUUID();
  const held = await holdInternationalTransfer(trx, order, transferId);
  const thresholds = await internationalThresholds(trx, order, held.heldAt);
  const numbers = await recordOperations(trx, [
    internationalOperation(order, { id: transferId, status: 'New', at: held.heldAt, bookedBalanceMinor: held.balance.bookedMinor, holdId: held.holdId, thresholds }),
  ]);
  return numbers.get(transferId)!;
}
