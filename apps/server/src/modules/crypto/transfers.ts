import { randomUUID } from 'node:crypto';
import { CRYPTO_NETWORK_FEES, decimalToMinor, formatMinor, parseAmount } from '@bank/contracts';
import { canonicalAddress } from '@bank/contracts/crypto/addresses';
import type { CryptoTransferRequest } from '@bank/contracts/crypto/create-crypto-transfer';
import type { Db } from '../../db';
import { instantOfDate } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { placeHold, postEntries, readBalances } from '../ledger';
import { type RateTable, loadRateTable } from '../rates';
import { refuseOverOperationMaximum, thresholdsAtCreation, PayeeLookupFailed, recordOperations } from '../operations';
import { findOwnWallet, findWalletByAddress, type ClientWallet } from './wallets';


/**
 * Crypto transfers (docs/product.md, docs/architecture.md#crypto-wallets). To an address outside the bank: amount + the coin's
 * network fee (tariffs.ts) are held and the transfer waits, New (shown as Pending), for a payments
 * operator, who books it (client −(amount + fee), clearing +amount, fee income +fee) or denies it
 * (the hold released, the reason shown to the client). To another wallet of this bank in the same
 * coin it settles at once, free, and the payee sees it arrive.
 *
 * The payer's funds are checked before anything about the recipient is looked up, so an amount
 * the client cannot pay reveals nothing about which addresses are the bank's.
 */
/** 422 with the amount field named, so the form says it in the client's language. */
const notEnough = (details?: { fee: string; total: string }) =>
  new AppError('INSUFFICIENT_FUNDS', { fields: { amount: 'validation.amount.insufficientFunds' }, ...(details ? { details } : {}) });

export async function createCryptoTransfer(trx: Db, clientId: string, request: CryptoTransferRequest, options: { at?: Date } = {}): Promise<string> {
  const from = await findOwnWallet(trx, clientId, request.fromWallet);
  if (!from) throw new AppError('NOT_FOUND', { message: 'Wallet not found', fields: { fromWallet: 'validation.fromWallet.notFound' } });
  if (from.currency !== request.currency) {
    throw new AppError('VALIDATION_FAILED', { message: 'The currency is not the wallet’s coin', fields: { currency: 'validation.currency.walletMismatch' } });
  }
  const amount = parseAmount(request.amount, from.currency);
  if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
  const table = await loadRateTable(trx);
  await refuseOverOperationMaximum(trx, amount.minor, from.currency, table);
  const recipient = canonicalAddress(from.currency, request.recipient);
  if (recipient === from.address) {
    throw new AppError('VALIDATION_FAILED', { message: 'Choose another address to send to', fields: { recipient: 'validation.recipient.sameWallet' } });
  }
  const available = (await readBalances(trx, [from.ledgerAccountId])).get(from.ledgerAccountId)!.availableMinor;
  if (available < amount.minor) throw notEnough();

  const payee = await findWalletByAddress(trx, recipient);
  if (payee) {
    if (payee.currency !== from.currency) {
      throw new PayeeLookupFailed('VALIDATION_FAILED', {
        message: `This address is a wallet of this bank in another coin (${payee.currency})`,
        fields: { recipient: 'validation.recipient.otherCoin' },
      });
    }
    return settleInternalCryptoTransfer(trx, from, payee, amount.minor, request, options.at);
  }
  return holdOutgoingCryptoTransfer(trx, table, from, recipient, amount.minor, request, options.at);
}

async function holdOutgoingCryptoTransfer(trx: Db, table: RateTable, from: ClientWallet, recipient: string, amountMinor: bigint, request: CryptoTransferRequest, at?: Date): Promise<string> {
  const feeMinor = decimalToMinor(CRYPTO_NETWORK_FEES[from.currency], from.currency);
  const totalMinor = amountMinor + feeMinor;
  const transferId = randomUUID();
  let held;
  try {
    held = await placeHold(trx, { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: totalMinor, transferId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw notEnough({ fee: formatMinor(feeMinor, from.currency), total: formatMinor(totalMinor, from.currency) });
    }
    throw error;
  }
  // Demo history is dated in the past; the hold itself is placed now.
  const madeAt = at ? instantOfDate(at) : held.heldAt;
  const thresholds = await thresholdsAtCreation(trx, table, { clientId: from.clientId, kind: 'crypto', amountMinor, currency: from.currency, at: madeAt });
  const numbers = await recordOperations(trx, [
    {
      at: madeAt,
      transfer: {
        id: transferId,
        kind: 'crypto',
        status: 'New',
        clientId: from.clientId,
        fromAccountId: null,
        toAccountId: null,
        fromWalletId: from.id,
        amountMinor,
        currency: from.currency,
        feeMinor,
        paymentReference: request.reference,
        recipient,
        recipientDetails: request.email ? { email: request.email } : undefined,
        holdId: held.holdId,
        thresholds,
      },
      sides: [],
      walletSides: [
        {
          clientId: from.clientId,
          walletId: from.id,
          kind: 'transfer',
          direction: 'OUT',
          counterparty: recipient,
          amountMinor,
          currency: from.currency,
          feeMinor,
          reference: request.reference,
          bookedAt: null,
        },
      ],
      actor: { type: 'client', id: from.clientId },
    },
  ]);
  return numbers.get(transferId)!;
}

async function settleInternalCryptoTransfer(trx: Db, from: ClientWallet, to: ClientWallet, amountMinor: bigint, request: CryptoTransferRequest, at?: Date): Promise<string> {
  const transferId = randomUUID();
  const [outcome] = await postEntries(trx, [
    {
      kind: 'crypto_internal',
      transferId,
      postedAt: at,
      postings: [
        { accountId: from.ledgerAccountId, currency: from.currency, amountMinor: -amountMinor },
        { accountId: to.ledgerAccountId, currency: to.currency, amountMinor },
      ],
    },
  ]);
  if (!outcome?.ok) {
    throw outcome?.reason === 'ACCOUNT_CLOSED' ? new AppError('ACCOUNT_CLOSED', { fields: { recipient: 'validation.recipient.closed' } }) : notEnough();
  }
  const side = { amountMinor, currency: from.currency, kind: 'internal' as const, reference: request.reference, bookedAt: outcome.bookedAt };
  const numbers = await recordOperations(trx, [
    {
      at: outcome.bookedAt,
      transfer: {
        id: transferId,
        kind: 'crypto_internal',
        status: 'Approved',
        clientId: from.clientId,
        fromAccountId: null,
        toAccountId: null,
        fromWalletId: from.id,
        toWalletId: to.id,
        amountMinor,
        currency: from.currency,
        paymentReference: request.reference,
        recipient: to.address,
        recipientDetails: request.email ? { email: request.email } : undefined,
      },
      sides: [],
      walletSides: [
        { ...side, clientId: from.clientId, walletId: from.id, direction: 'OUT', counterparty: to.address },
        { ...side, clientId: to.clientId, walletId: to.id, direction: 'IN', counterparty: from.address },
      ],
      actor: { type: 'client', id: from.clientId },
    },
  ]);
  return numbers.get(transferId)!;
}
