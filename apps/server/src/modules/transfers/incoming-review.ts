import { formatMinor, parseAmount } from '@bank/contracts';
import type { IncomingPaymentPreview, IncomingPaymentResponse, incomingPaymentRequestSchema } from '@bank/contracts/backoffice/incoming-payment';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { findAccountByNumber, type ClientAccount } from '../accounts';
import { loadRateTable } from '../rates';
import { clientDisplayName } from '../users';
import { bookIncomingPayment, incomingFeeMinor } from './incoming';
import { refuseOverOperationMaximum } from '../operations';

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

export async function previewIncomingPayment(db: Db, request: IncomingRequest): Promise<IncomingPaymentPreview> {
  const { account, amountMinor } = await payeeOf(db, request);
  const feeMinor = incomingFeeMinor(await loadRateTable(db), account.currency, amountMinor);
  const holder = await db.selectFrom('clients').select(['first_name', 'last_name', 'company_name', 'email']).where('id', '=', account.clientId).executeTakeFirstOrThrow();
  const money = (minor: bigint) => formatMinor(minor, account.currency);
  return { holder: clientDisplayName(holder), amount: money(amountMinor), fee: money(feeMinor), credited: money(amountMinor - feeMinor), currency: request.currency };
}

/** Books it (in the caller's money transaction) and answers what was booked. */
export async function bookIncomingForOperator(trx: Db, request: IncomingRequest, operatorId: string): Promise<IncomingPaymentResponse> {
  const { account, amountMinor } = await payeeOf(trx, request);
  const { transactionNumber, feeMinor } = await bookIncomingPayment(trx, {
    account,
    amountMinor,
    paymentRegion: request.paymentRegion,
    senderName: request.senderName,
    senderAccount: request.senderAccount,
    purpose: request.purpose,
    paymentReference: request.reference,
    valueDate: request.valueDate,
    actor: { type: 'operator', id: operatorId },
  });
  const money = (minor: bigint) => formatMinor(minor, account.currency);
  return { transactionNumber, amount: money(amountMinor), fee: money(feeMinor), credited: money(amountMinor - feeMinor), currency: request.currency };
}
