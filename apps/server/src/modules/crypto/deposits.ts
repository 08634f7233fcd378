import { randomUUID } from 'node:crypto';
import { formatMinor, parseAmount } from '@bank/contracts';
import type { CryptoDepositResponse } from '@bank/contracts/backoffice/crypto-deposit';
import { CRYPTO_NETWORKS } from '@bank/contracts/crypto/networks';
import type { CryptoCurrency } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { bankAccountId, postEntry } from '../ledger';
import { refuseOverOperationMaximum, recordOperations } from '../operations';
import { clientDisplayName } from '../users';
import { findWalletByAddress } from './wallets';

/**
 * Coins that arrived on the network at a client's deposit address, booked by a payments operator
 * (POST /api/backoffice/crypto-deposits): clearing −amount, client +amount, at once. The network's
 * transaction hash is booked once only: a hash is locked for the transaction (so two operators
 * booking it at once queue), looked up, and kept unique by the table as the last line.
 */
export interface CryptoDeposit {
  address: string;
  amount: string;
  currency: CryptoCurrency;
  txHash: string;
}

/** One spelling of a hash: hex ones (Bitcoin txids, EVM hashes) in lower case; base58 signatures as they are. */
export function canonicalHash(txHash: string): string {
  return /^(0x)?[0-9a-fA-F]+$/.test(txHash) ? txHash.toLowerCase() : txHash;
}

/** The deposit that booked a hash, if one did: the expression and kind of operations_tx_hash_key. */
export function operationOfHash(db: Db, txHash: string): Promise<{ number: string } | undefined> {
  return db
    .selectFrom('operations')
    .select('number')
    .where('kind', '=', sql.lit('crypto_deposit'))
    .where(sql<string>`details ->> 'txHash'`, '=', txHash)
    .executeTakeFirst();
}

export async function bookCryptoDeposit(trx: Db, deposit: CryptoDeposit, operatorId: string, options: { at?: Date } = {}): Promise<CryptoDepositResponse> {
  const wallet = await findWalletByAddress(trx, deposit.address);
  if (!wallet) throw new AppError('NOT_FOUND', { message: 'No wallet of this bank has that address', fields: { address: 'validation.address.notOurs' } });
  if (wallet.currency !== deposit.currency) {
    throw new AppError('VALIDATION_FAILED', { message: `That address is a ${wallet.currency} wallet`, fields: { currency: 'validation.currency.walletMismatch' } });
  }
  const amount = parseAmount(deposit.amount, wallet.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  await refuseOverOperationMaximum(trx, amount.minor, wallet.currency);
  const txHash = canonicalHash(deposit.txHash);
  await sql`select pg_advisory_xact_lock(hashtextextended(${`crypto-deposit:${txHash}`}, 0))`.execute(trx);
  const seen = await operationOfHash(trx, txHash);
  if (seen) {
    throw new AppError('CONFLICT', {
      message: `This transaction hash was booked before (${seen.number})`,
      fields: { txHash: 'validation.txHash.used' },
      details: { transactionNumber: seen.number },
    });
  }

  const transferId = randomUUID();
  const { bookedAt } = await postEntry(trx, {
    kind: 'crypto_deposit',
    transferId,
    postedAt: options.at,
    postings: [
      { accountId: await bankAccountId(trx, 'clearing', wallet.currency), currency: wallet.currency, amountMinor: -amount.minor },
      { accountId: wallet.ledgerAccountId, currency: wallet.currency, amountMinor: amount.minor },
    ],
  });
  const network = CRYPTO_NETWORKS[wallet.currency].label;
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: 'crypto_deposit',
        status: 'Approved',
        clientId: wallet.clientId,
        fromAccountId: null,
        toAccountId: null,
        toWalletId: wallet.id,
        amountMinor: amount.minor,
        currency: wallet.currency,
        recipient: wallet.address,
        txHash,
      },
      sides: [],
      walletSides: [
        { clientId: wallet.clientId, walletId: wallet.id, kind: 'deposit', direction: 'IN', counterparty: network, amountMinor: amount.minor, currency: wallet.currency, bookedAt },
      ],
      actor: { type: 'operator', id: operatorId },
    },
  ]);
  const holder = await trx.selectFrom('clients').select(['first_name', 'last_name', 'company_name', 'email']).where('id', '=', wallet.clientId).executeTakeFirstOrThrow();
  return { transactionNumber: numbers.get(transferId)!, amount: formatMinor(amount.minor, wallet.currency), currency: wallet.currency, holder: clientDisplayName(holder) };
}
