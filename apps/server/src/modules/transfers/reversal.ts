import { randomUUID } from 'node:crypto';
import { decimalToMinor, isCurrency, type Direction, type TransactionReference, type TransactionType } from '@bank/contracts';
import { proposalReasonSchema } from '@bank/contracts/backoffice/approvals';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApprovalHandler } from '../approvals';
import { postEntry, type PostingInput } from '../ledger';
import { storedDetails, recordOperations, type NewSide, type NewWalletSide, type WalletSideKind } from '../operations';

/**
 * Corrections of booked transfers (docs/bank-controls.md): nothing booked is edited. A reversal is a new
 * transfer of kind `reversal` whose one entry negates every posting of the original, naming the
 * original's number as its reference and carrying the reason as its purpose; the statement shows
 * both rows. It is a four-eyes act (a payments operator proposes, another approves), a transfer is
 * reversed at most once, and a reversal that would take a client's balance below zero is refused
 * like any debit.
 */
export const reversalPayloadSchema = z.object({ transactionNumber: z.string().trim().min(1).max(32), reason: proposalReasonSchema });
export type ReversalPayload = z.output<typeof reversalPayloadSchema>;

async function originalOf(db: Db, transactionNumber: string) {
  const transfer = await db
    .selectFrom('operations')
    .select(['id', 'kind', 'status', 'client_id', 'currency', 'counterparty', 'details'])
    .where('number', '=', transactionNumber)
    .executeTakeFirst();
  if (!transfer) throw new AppError('NOT_FOUND', { message: 'No transfer has this number', fields: { transactionNumber: 'validation.transactionNumber.notFound' } });
  if (transfer.kind === 'reversal') throw new AppError('CONFLICT', { message: 'A reversal is not reversed: book a new payment instead', details: { reason: 'isReversal' } });
  // A deposit's movements follow its schedule and its state (deposits/): undoing one would leave a
  // deposit whose ledger account no longer holds its principal. The deposit is closed instead.
  if (transfer.kind === 'deposit') throw new AppError('CONFLICT', { message: "A term deposit's movement is not reversed", details: { reason: 'isDeposit' } });
  if (transfer.status !== 'Approved') {
    throw new AppError('CONFLICT', { message: 'Only a booked transfer is reversed; a pending one is denied', details: { reason: 'notBooked', status: transfer.status } });
  }
  return transfer;
}

async function assertNotReversed(db: Db, transactionNumber: string): Promise<void> {
  // The expression and kind of operations_one_reversal_idx, which also keeps a second reversal out.
  const earlier = await db
    .selectFrom('operations')
    .select('number')
    .where('kind', '=', sql.lit('reversal'))
    .where(sql<string>`details ->> 'paymentReference'`, '=', transactionNumber)
    .executeTakeFirst();
  if (earlier) {
    throw new AppError('CONFLICT', { message: `This transfer was reversed by ${earlier.number}`, details: { reason: 'reversed', transactionNumber: earlier.number } });
  }
}

/** The original's postings summed per ledger account and negated: the reversing entry. */
async function reversingPostings(db: Db, transferId: string): Promise<PostingInput[]> {
  const rows = await db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(['p.ledger_account_id', 'p.currency', sql<string>`trim_scale(sum(p.amount))::text`.as('total')])
    .where('e.transfer_id', '=', transferId)
    .groupBy(['p.ledger_account_id', 'p.currency'])
    .orderBy('p.ledger_account_id')
    .execute();
  return rows.flatMap((row): PostingInput[] => {
    if (!isCurrency(row.currency)) throw new Error(`Unknown currency ${row.currency} in the ledger`);
    const negated = -decimalToMinor(row.total, row.currency);
    return negated === 0n ? [] : [{ accountId: String(row.ledger_account_id), currency: row.currency, amountMinor: negated }];
  });
}

/** Whether the reversal may be proposed: checked again in the approving transaction. */
async function checkReversible(db: Db, transactionNumber: string): Promise<{ clientId: string }> {
  const original = await originalOf(db, transactionNumber);
  await assertNotReversed(db, transactionNumber);
  return { clientId: original.client_id };
}

export async function bookReversal(trx: Db, payload: ReversalPayload, operatorId: string): Promise<{ transactionNumber: string; reverses: string }> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`reversal:${payload.transactionNumber}`}, 0))`.execute(trx);
  const original = await originalOf(trx, payload.transactionNumber);
  await assertNotReversed(trx, payload.transactionNumber);
  const postings = await reversingPostings(trx, original.id);
  if (postings.length === 0) throw new AppError('CONFLICT', { message: 'Nothing was booked for this transfer', details: { reason: 'notBooked' } });

  const transferId = randomUUID();
  const { balances, bookedAt } = await postEntry(trx, { kind: 'reversal', transferId, postings });
  const ledgerIds = postings.map((posting) => posting.accountId);
  const [accounts, wallets, sides, walletSides] = await Promise.all([
    trx.selectFrom('accounts').select(['id', 'client_id', 'number', 'ledger_account_id']).where('ledger_account_id', 'in', ledgerIds).execute(),
    trx.selectFrom('wallets').select(['id', 'client_id', 'address', 'ledger_account_id']).where('ledger_account_id', 'in', ledgerIds).execute(),
    trx.selectFrom('statement_rows').selectAll().where('operation_id', '=', original.id).where('account_id', 'is not', null).execute(),
    trx.selectFrom('statement_rows').selectAll().where('operation_id', '=', original.id).where('wallet_id', 'is not', null).execute(),
  ]);
  const postingOf = (ledgerAccountId: string | number) => postings.find((posting) => posting.accountId === String(ledgerAccountId))!;
  const directionOf = (amountMinor: bigint): Direction => (amountMinor > 0n ? 'IN' : 'OUT');
  const magnitude = (amountMinor: bigint) => (amountMinor < 0n ? -amountMinor : amountMinor);

  // Each account's row moves exactly its posting (no fee of its own), so the statement's rows still add up.
  const newSides: NewSide[] = accounts.map((account) => {
    const posting = postingOf(account.ledger_account_id);
    const before = sides.find((side) => side.account_id === account.id);
    return {
      clientId: account.client_id,
      accountId: account.id,
      direction: directionOf(posting.amountMinor),
      fromAccount: before ? before.to_account : account.number,
      toAccount: before ? before.from_account : account.number,
      recipient: before?.recipient ?? '',
      amountMinor: magnitude(posting.amountMinor),
      currency: posting.currency,
      feeMinor: 0n,
      bookedAt,
      balanceAfterMinor: balances.get(String(account.ledger_account_id))!.bookedMinor,
      transactionType: (before?.transaction_type ?? 'Intra') as TransactionType,
      reference: (before?.reference ?? 'Internal') as TransactionReference,
    };
  });
  const newWalletSides: NewWalletSide[] = wallets.map((wallet) => {
    const posting = postingOf(wallet.ledger_account_id);
    const before = walletSides.find((side) => side.wallet_id === wallet.id);
    return {
      clientId: wallet.client_id,
      walletId: wallet.id,
      kind: (before?.transaction_type ?? 'transfer') as WalletSideKind,
      direction: directionOf(posting.amountMinor),
      // A wallet row names its counterparty as the side that is not its own.
      counterparty: before ? (before.direction === 'OUT' ? before.to_account : before.from_account) : '',
      amountMinor: magnitude(posting.amountMinor),
      currency: posting.currency,
      feeMinor: 0n,
      reference: payload.transactionNumber,
      bookedAt,
    };
  });
  if (!isCurrency(original.currency)) throw new Error(`Unknown currency ${original.currency}`);
  const originalDetails = storedDetails(original.details);
  const currency = original.currency;
  const clientLedgerIds = new Set([...accounts, ...wallets].map((row) => String(row.ledger_account_id)));
  const clientPosting = postings.find((posting) => posting.currency === currency && clientLedgerIds.has(posting.accountId));
  const numbers = await recordOperations(trx, [
    {
      at: bookedAt,
      transfer: {
        id: transferId,
        kind: 'reversal',
        status: 'Approved',
        clientId: original.client_id,
        fromAccountId: originalDetails.toAccountId ?? null,
        toAccountId: originalDetails.fromAccountId ?? null,
        fromWalletId: originalDetails.toWalletId,
        toWalletId: originalDetails.fromWalletId,
        amountMinor: clientPosting ? magnitude(clientPosting.amountMinor) : magnitude(postings[0]!.amountMinor),
        currency,
        purpose: payload.reason,
        paymentReference: payload.transactionNumber,
        recipient: original.counterparty,
      },
      sides: newSides,
      walletSides: newWalletSides,
      actor: { type: 'operator', id: operatorId },
    },
  ]);
  return { transactionNumber: numbers.get(transferId)!, reverses: payload.transactionNumber };
}

export const reversalApproval: ApprovalHandler<ReversalPayload> = {
  payloadSchema: reversalPayloadSchema,
  summary: (payload) => `${payload.transactionNumber}: ${payload.reason}`,
  async clientIdOf(db, payload) {
    return (await checkReversible(db, payload.transactionNumber)).clientId;
  },
  async apply(trx, payload, context) {
    return bookReversal(trx, payload, context.checkerId);
  },
};
