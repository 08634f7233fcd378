import { formatMinor, INCOMING_PAYMENT_INVESTIGATION_FEE, parseAmount } from '@bank/contracts';
import type { IncomingPaymentPreview, IncomingPaymentResponse, incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findAccountByNumber, type ClientAccount } from '../accounts';
import { loadRateTable, type RatesAgeLimit } from '../rates';
import { clientDisplayName } from '../users';
import { bookIncomingPayment, incomingFeeMinor } from './incoming';
import { chargeFee, refuseOverOperationMaximum, tariffFeeInMinor } from '../operations';

/**
 * Incoming payments as the back office books them: the operator names the account, the amount and
 * the sender; the server checks that the account exists in that currency, shows what will be
 * credited, and books it through the ledger.
 */
type IncomingRequest = Omit<z.output<typeof incomingPaymentRequestSchema>, 'reason'>;

export async function payeeOf(db: Db, request: IncomingRequest): Promise<{ account: ClientAccount; amountMinor: bigint }> {
  const account = await findAccountByNumber(db, request.accountNumber);
  if (!account) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accountNumber: 'validation.accountNumber.notFound' } });
  if (account.currency !== request.currency) {
    throw new AppError('VALIDATION_FAILED', { message: `The account is in ${account.currency}`, fields: { currency: 'validation.currency.mismatch' } });
  }
  const amount = parseAmount(request.amount, account.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  await refuseOverOperationMaximum(db, amount.minor, account.currency);
  return { account, amountMinor: amount.minor };
}

/** What would be booked, to whom, and with an investigation what its fee would be (on the rates in use). */
export async function previewIncomingPayment(db: Db, request: IncomingRequest, rates: RatesAgeLimit): Promise<IncomingPaymentPreview> {
  const { account, amountMinor } = await payeeOf(db, request);
  const feeMinor = incomingFeeMinor(await loadRateTable(db), account.currency, amountMinor);
  const holder = await db.selectFrom('clients').select(['first_name', 'last_name', 'company_name', 'email']).where('id', '=', account.clientId).executeTakeFirstOrThrow();
  const money = (minor: bigint) => formatMinor(minor, account.currency);
  const preview = { holder: clientDisplayName(holder), amount: money(amountMinor), fee: money(feeMinor), credited: money(amountMinor - feeMinor), currency: request.currency };
  if (!request.investigation) return preview;
  return { ...preview, investigationFee: money(await tariffFeeInMinor(db, rates, INCOMING_PAYMENT_INVESTIGATION_FEE, account.currency)) };
}

/**
 * Books an approved incoming payment in the checker's name. One proposed with an investigation (its
 * details were missing or wrong and it was handled by hand) then pays the investigation fee from the
 * account it credited, as a statement row of its own naming the payment's number, in the same
 * transaction: an account that cannot pay it leaves the payment unbooked (the ledger's 422), for
 * the operators to propose it again.
 */
export async function bookIncomingForOperator(trx: Db, request: IncomingRequest, operatorId: string, rates: RatesAgeLimit): Promise<IncomingPaymentResponse> {
  const { account, amountMinor } = await payeeOf(trx, request);
  const actor = { type: 'operator' as const, id: operatorId };
  const { transactionNumber, feeMinor } = await bookIncomingPayment(trx, {
    account,
    amountMinor,
    paymentRegion: request.paymentRegion,
    senderName: request.senderName,
    senderAccount: request.senderAccount,
    purpose: request.purpose,
    paymentReference: request.reference,
    valueDate: request.valueDate,
    actor,
  });
  const money = (minor: bigint) => formatMinor(minor, account.currency);
  const booked = { transactionNumber, amount: money(amountMinor), fee: money(feeMinor), credited: money(amountMinor - feeMinor), currency: request.currency };
  if (!request.investigation) return booked;
  const investigationMinor = await tariffFeeInMinor(trx, rates, INCOMING_PAYMENT_INVESTIGATION_FEE, account.currency);
  const charged = await chargeFee(trx, { clientId: account.clientId, account, amountMinor: investigationMinor, reason: 'investigation', reference: transactionNumber, actor });
  return { ...booked, investigationFee: money(investigationMinor), investigationTransactionNumber: charged.transactionNumber };
}
