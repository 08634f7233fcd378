import { formatMinor, isCurrency, PAYMENT_ORDER_WITHDRAWAL_FEE, type CancelTransferResponse } from '@bank/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ClientAccount } from '../accounts';
import type { RatesAgeLimit } from '../rates';
import { chargeFee, tariffFeeInMinor, endLockedTransfer, lockPendingTransfer, type PendingTransfer } from '../operations';
import { mailEndedOrder } from './order-mail';
import { cancelScheduledTransfer } from './scheduled';

/**
 * The client takes back its own payment order (POST /api/transaction/cancel). A Scheduled transfer
 * has moved and held nothing: it is canceled free of charge (scheduled.ts). A transfer abroad still
 * New, not yet taken into work by the bank, is withdrawn: its hold is released and the fee (docs/product.md#tariffs-and-limits) for
 * withdrawing a payment order is charged as a statement row of its own, all in one transaction with
 * the client's mail. Once the bank has taken it into work or decided it, it is the bank's: 409.
 * The transfer row is locked first, as every operator's decision locks it, so of a withdrawal and a
 * decision at the same moment exactly one happens and the other finds it moved.
 */
function conflict(status: string, reason: string): AppError {
  return new AppError('CONFLICT', { message: `The transfer is ${status} and can no longer be withdrawn`, details: { status, reason } });
}

/** What a withdrawal needs of the bank: its mail settings, and the rates' age limit for a fee in another currency. */
export interface WithdrawalDeps extends RatesAgeLimit {
  config: Pick<Config, 'appUrl' | 'secret' | 'time'>;
}

async function payingAccount(trx: Db, transfer: PendingTransfer): Promise<ClientAccount> {
  const { accountId, ledgerAccountId, currency } = transfer.from;
  if (!accountId) throw new Error(`Transfer ${transfer.id} abroad names no account`);
  const { number } = await trx.selectFrom('accounts').select('number').where('id', '=', accountId).executeTakeFirstOrThrow();
  return { id: accountId, number, clientId: transfer.clientId, currency, ledgerAccountId };
}

/** Withdraws a locked transfer abroad that is still New: release, fee, mail, audit. */
async function withdrawLockedTransfer(trx: Db, deps: WithdrawalDeps, transfer: PendingTransfer): Promise<CancelTransferResponse> {
  if (transfer.status !== 'New') throw conflict(transfer.status, 'takenIntoWork');
  const account = await payingAccount(trx, transfer);
  const { currency } = account;
  const feeMinor = await tariffFeeInMinor(trx, deps, PAYMENT_ORDER_WITHDRAWAL_FEE, currency);
  const fee = formatMinor(feeMinor, currency);
  const client = { type: 'client', id: transfer.clientId } as const;
  await endLockedTransfer(trx, transfer, 'Canceled', client, { fee, currency });
  try {
    await chargeFee(trx, { clientId: transfer.clientId, account, amountMinor: feeMinor, reason: 'withdrawal', reference: transfer.transactionNumber, actor: client });
  } catch (error) {
    // The released hold covered the order and its transfer fee, so this is rare (a fee larger than
    // both); the whole withdrawal rolls back rather than take the balance below zero.
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw new AppError('INSUFFICIENT_FUNDS', { details: { fee, currency } });
    throw error;
  }
  await mailEndedOrder(trx, deps.config, transfer.clientId, { transactionNumber: transfer.transactionNumber, amount: formatMinor(transfer.amountMinor, currency), currency }, {
    kind: 'withdrawn',
    fee,
    feeCurrency: currency,
  });
  return { status: 'Canceled', fee, currency };
}

/** POST /api/transaction/cancel for the client's own transfer by number; another client's or an unknown one is 404. */
export async function cancelOwnTransfer(trx: Db, deps: WithdrawalDeps, clientId: string, transactionNumber: string): Promise<CancelTransferResponse> {
  const found = await trx
    .selectFrom('operations')
    .select(['id', 'kind', 'status', 'currency'])
    .where('number', '=', transactionNumber)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', { message: 'Transfer not found' });
  if (found.status === 'Scheduled') {
    if (!isCurrency(found.currency)) throw new Error(`Transfer ${transactionNumber} is in unknown currency ${found.currency}`);
    await cancelScheduledTransfer(trx, clientId, found.id);
    return { status: 'Canceled', fee: formatMinor(0n, found.currency), currency: found.currency };
  }
  if (found.kind !== 'international') throw conflict(found.status, 'notWithdrawable');
  return withdrawLockedTransfer(trx, deps, await lockPendingTransfer(trx, found.id, { clientId, kinds: ['international'] }));
}
