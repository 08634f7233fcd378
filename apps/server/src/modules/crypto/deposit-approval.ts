import { parseAmount } from '@bank/contracts';
import { cryptoDepositRequestSchema } from '@bank/contracts/backoffice/crypto-deposit';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApprovalHandler } from '../approvals';
import { refuseOverOperationMaximum } from '../operations';
import { bookCryptoDeposit, canonicalHash, operationOfHash } from './deposits';
import { findWalletByAddress } from './wallets';

/**
 * A crypto deposit as a four-eyes act: one payments operator proposes the coins seen on the
 * network, another approves, and only then is the wallet credited. The hash is the proposal's
 * subject, so one hash waits in one proposal at a time, and it is booked once (deposits.ts).
 */
export const cryptoDepositPayloadSchema = cryptoDepositRequestSchema.transform(({ reason: _reason, ...deposit }) => ({ ...deposit, txHash: canonicalHash(deposit.txHash) }));
export type CryptoDepositPayload = z.output<typeof cryptoDepositPayloadSchema>;

async function walletOf(db: Db, deposit: CryptoDepositPayload) {
  const wallet = await findWalletByAddress(db, deposit.address);
  if (!wallet) throw new AppError('NOT_FOUND', { message: 'No wallet of this bank has that address', fields: { address: 'validation.address.notOurs' } });
  if (wallet.currency !== deposit.currency) {
    throw new AppError('VALIDATION_FAILED', { message: `That address is a ${wallet.currency} wallet`, fields: { currency: 'validation.currency.walletMismatch' } });
  }
  return wallet;
}

/** A hash booked before is refused when proposed, not only when approved. */
export async function assertHashNotBooked(db: Db, txHash: string): Promise<void> {
  const seen = await operationOfHash(db, canonicalHash(txHash));
  if (seen) {
    throw new AppError('CONFLICT', {
      message: `This transaction hash was booked before (${seen.number})`,
      fields: { txHash: 'validation.txHash.used' },
      details: { transactionNumber: seen.number },
    });
  }
}

export const cryptoDepositApproval: ApprovalHandler<CryptoDepositPayload> = {
  payloadSchema: cryptoDepositPayloadSchema,
  summary: (deposit) => `${deposit.amount} ${deposit.currency} → ${deposit.address} (${deposit.txHash})`,
  async clientIdOf(db, deposit) {
    const wallet = await walletOf(db, deposit);
    const amount = parseAmount(deposit.amount, wallet.currency);
    if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
    await refuseOverOperationMaximum(db, amount.minor, wallet.currency);
    return wallet.clientId;
  },
  async apply(trx, deposit, context) {
    const booked = await bookCryptoDeposit(trx, deposit, context.checkerId);
    return { ...booked };
  },
};
