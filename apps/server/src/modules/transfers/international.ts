import { randomUUID } from 'node:crypto';
import {
  formatMinor,
  parseAmount,
  TRANSACTION_TYPE_OF_REGION,
  type Currency,
  type InternationalTransferRequest,
  type PaymentRegion,
} from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findOwnAccount } from '../accounts/service';
import { placeHold } from '../ledger/ledger';
import { loadRateTable } from '../rates/service';
import { quoteInternationalFee } from './fees';
import { refuseOverOperationMaximum, thresholdsAtCreation } from './limits';
import { recordOperations } from './records';

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

/** POST /api/transaction/create with type 'international'. Answers the transaction number. */
export async function createInternationalTransfer(trx: Db, clientId: string, request: InternationalTransferRequest): Promise<string> {
  const from = await findOwnAccount(trx, clientId, request.fromAccount);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { fromAccount: 'validation.fromAccount.notFound' } });
  const amount = parseAmount(request.amount, from.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  checkRegionRules(request, from.currency);
  const table = await loadRateTable(trx);
  await refuseOverOperationMaximum(trx, amount.minor, from.currency, table);

  const fee = quoteInternationalFee(table, from.currency, amount.minor);
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
  const thresholds = await thresholdsAtCreation(trx, table, { clientId, kind: 'international', amountMinor: amount.minor, currency: from.currency, at: held.heldAt });
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
        thresholds,
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
