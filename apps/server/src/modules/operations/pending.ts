import { parseAmount, type Currency, type TransactionStatus } from '@bank/contracts';
import type { ReviewedTransferKind } from '@bank/contracts/backoffice/payments';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { closeOpenProposal, type NonOperatorCloser } from '../approvals';
import { recordAudit } from '../audit';
import { bankAccountId, postEntry, releaseHold, type Balance, type EntryKind, type LedgerAccountId, type PostingInput } from '../ledger';
import { setTransferStatus } from './records';
import { storedDetails, type StoredDetails } from './operation-details';

/**
 * Transfers that wait for the bank with their funds held (docs/architecture.md#the-ledger, docs/product.md#states): international transfers,
 * crypto transfers out of the bank and crypto conversions. Their life after creation is one for
 * all three: the back office takes one into work (New → Processing), approves it (the hold becomes
 * postings, the rows are booked: Approved) or denies it (the hold is released: Denied, with the
 * reason the client sees). Without a decision it ends too: the client withdraws its own international
 * transfer while it is New (withdrawal.ts), or it expires once the banking days it may wait have
 * passed (hold-expiry.ts); either way its hold is released. Every step locks the transfer row first,
 * then the ledger rows, always in that order, and moves its status through the state table.
 */
export const REVIEWED_KINDS: readonly ReviewedTransferKind[] = ['international', 'crypto', 'crypto_conversion'];

/** One side of a pending transfer: a fiat account or a wallet, and the ledger account behind it. */
export interface PendingSide {
  ledgerAccountId: LedgerAccountId;
  /** The fiat account, when the side is one (its statement row is booked at approval). */
  accountId: string | null;
  currency: Currency;
}

export interface PendingTransfer {
  id: string;
  transactionNumber: string;
  kind: ReviewedTransferKind;
  status: TransactionStatus;
  clientId: string;
  from: PendingSide;
  /** Conversion only: the side credited, and what it receives. */
  to: PendingSide | null;
  counterAmountMinor: bigint | null;
  currency: Currency;
  amountMinor: bigint;
  feeMinor: bigint;
  holdId: string;
  /** Fixed when it was made (limits.ts): the approvals that book it. */
  approvalsRequired: 1 | 2;
}

function minorOf(value: string, currency: Currency, transferId: string, allowZero = false): bigint {
  const parsed = parseAmount(value, currency, { allowZero });
  if (!parsed.ok) throw new Error(`Transfer ${transferId} holds an unreadable amount`);
  return parsed.minor;
}

/** Locks a pending transfer (before any ledger row, always in that order). Another client's is 404. */
export async function lockPendingTransfer(trx: Db, transferId: string, options: { clientId?: string; kinds?: readonly ReviewedTransferKind[] } = {}): Promise<PendingTransfer> {
  const details = sql<StoredDetails>`o.details`;
  const detailRef = (key: 'fromAccountId' | 'fromWalletId' | 'toAccountId' | 'toWalletId') => sql<string>`(o.details ->> ${sql.lit(key)})::uuid`;
  let query = trx
    .selectFrom('operations as o')
    .leftJoin('accounts as fa', (join) => join.on('fa.id', '=', detailRef('fromAccountId')))
    .leftJoin('wallets as fw', (join) => join.on('fw.id', '=', detailRef('fromWalletId')))
    .leftJoin('accounts as ta', (join) => join.on('ta.id', '=', detailRef('toAccountId')))
    .leftJoin('wallets as tw', (join) => join.on('tw.id', '=', detailRef('toWalletId')))
    .select([
      'o.id',
      'o.number',
      'o.kind',
      'o.status',
      'o.client_id',
      'o.currency',
      'o.amount',
      'o.fee',
      details.as('details'),
      'fa.ledger_account_id as from_account_ledger',
      'fw.ledger_account_id as from_wallet_ledger',
      'ta.ledger_account_id as to_account_ledger',
      'tw.ledger_account_id as to_wallet_ledger',
    ])
    .where('o.id', '=', transferId)
    .where('o.kind', 'in', [...(options.kinds ?? REVIEWED_KINDS)]);
  if (options.clientId) query = query.where('o.client_id', '=', options.clientId);
  const row = await query.forUpdate('o').executeTakeFirst();
  const stored = row ? storedDetails(row.details) : {};
  const fromLedger = row?.from_account_ledger ?? row?.from_wallet_ledger;
  if (!row || !stored.holdId || fromLedger === null || fromLedger === undefined) throw new AppError('NOT_FOUND');
  if (row.status !== 'New' && row.status !== 'Processing') {
    throw new AppError('CONFLICT', { message: `The transfer is already ${row.status}`, details: { status: row.status } });
  }
  const currency = row.currency as Currency;
  const kind = row.kind as ReviewedTransferKind;
  const toLedger = row.to_account_ledger ?? row.to_wallet_ledger;
  const counterCurrency = (stored.counterCurrency ?? null) as Currency | null;
  const converts = kind === 'crypto_conversion';
  if (converts && (toLedger === null || toLedger === undefined || !counterCurrency || !stored.counterAmount)) throw new Error(`Conversion ${transferId} names no side to credit`);
  // The database keeps a waiting transfer from lacking them (migration 0093); checked again here.
  const approvalsRequired = stored.thresholds?.approvalsRequired;
  if (approvalsRequired !== 1 && approvalsRequired !== 2) throw new Error(`Transfer ${transferId} holds no number of approvals`);
  return {
    id: row.id,
    transactionNumber: row.number,
    kind,
    status: row.status,
    clientId: row.client_id,
    from: { ledgerAccountId: String(fromLedger), accountId: stored.fromAccountId ?? null, currency },
    to: converts ? { ledgerAccountId: String(toLedger), accountId: stored.toAccountId ?? null, currency: counterCurrency! } : null,
    counterAmountMinor: converts ? minorOf(stored.counterAmount!, counterCurrency!, transferId) : null,
    currency,
    amountMinor: minorOf(row.amount, currency, transferId),
    feeMinor: minorOf(row.fee, currency, transferId, true),
    holdId: stored.holdId,
    approvalsRequired,
  };
}

async function audit(trx: Db, transfer: PendingTransfer, status: TransactionStatus, actor: { type: 'operator' | 'client' | 'system'; id: string | null }, extra: Record<string, unknown> = {}) {
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

const ENTRY_KIND: Readonly<Record<ReviewedTransferKind, EntryKind>> = {
  international: 'international_transfer',
  crypto: 'crypto_transfer',
  crypto_conversion: 'crypto_conversion',
};

/**
 * The postings that settle a pending transfer. Out of the bank (international, crypto): client
 * −(amount + fee), clearing +amount, fee income +fee. A conversion: client −(amount + fee) in the
 * currency sold, FX position +amount and fee income +fee in it; FX position −credit and the
 * credited side +credit in the currency bought.
 */
async function settlingPostings(trx: Db, transfer: PendingTransfer): Promise<PostingInput[]> {
  const { currency } = transfer;
  const postings: PostingInput[] = [{ accountId: transfer.from.ledgerAccountId, currency, amountMinor: -(transfer.amountMinor + transfer.feeMinor) }];
  if (transfer.to && transfer.counterAmountMinor !== null) {
    postings.push(
      { accountId: await bankAccountId(trx, 'fx_position', currency), currency, amountMinor: transfer.amountMinor },
      { accountId: await bankAccountId(trx, 'fx_position', transfer.to.currency), currency: transfer.to.currency, amountMinor: -transfer.counterAmountMinor },
      { accountId: transfer.to.ledgerAccountId, currency: transfer.to.currency, amountMinor: transfer.counterAmountMinor },
    );
  } else {
    postings.push({ accountId: await bankAccountId(trx, 'clearing', currency), currency, amountMinor: transfer.amountMinor });
  }
  if (transfer.feeMinor > 0n) postings.push({ accountId: await bankAccountId(trx, 'fee_income', currency), currency, amountMinor: transfer.feeMinor });
  return postings;
}

/** The fiat side whose statement row the approval books, with its booked balance after the postings. */
function bookedFiatSide(transfer: PendingTransfer, balances: ReadonlyMap<LedgerAccountId, Balance>) {
  const side = [transfer.from, transfer.to].find((candidate): candidate is PendingSide => !!candidate?.accountId);
  if (!side?.accountId) return undefined;
  return { accountId: side.accountId, balanceAfterMinor: balances.get(side.ledgerAccountId)!.bookedMinor, currency: side.currency };
}

/** The final approval of a locked transfer: the hold becomes postings and every side row is booked at their instant. */
export async function captureTransfer(trx: Db, transfer: PendingTransfer, operatorId: string, extra: Record<string, unknown> = {}, at?: Date): Promise<void> {
  const postings = await settlingPostings(trx, transfer);
  const { balances, bookedAt } = await postEntry(trx, { kind: ENTRY_KIND[transfer.kind], transferId: transfer.id, postings, captureHoldIds: [transfer.holdId], postedAt: at });
  await setTransferStatus(trx, transfer.id, 'Approved', { booking: { at: bookedAt satisfies InstantText, account: bookedFiatSide(transfer, balances) } });
  await audit(trx, transfer, 'Approved', { type: 'operator', id: operatorId }, extra);
}

/** Denial of a locked transfer: the hold is released and nothing is booked; the client sees the reason. */
export async function denyLockedTransfer(trx: Db, transfer: PendingTransfer, operatorId: string, reason?: string): Promise<void> {
  await releaseHold(trx, transfer.holdId);
  await setTransferStatus(trx, transfer.id, 'Denied', { reason });
  await audit(trx, transfer, 'Denied', { type: 'operator', id: operatorId }, reason ? { reason } : {});
}

/**
 * A locked transfer ends without the bank's decision: withdrawn by its client (Canceled) or expired.
 * The hold is released, and a release waiting for a second operator is closed with it.
 */
export async function endLockedTransfer(
  trx: Db,
  transfer: PendingTransfer,
  status: 'Canceled' | 'Expired',
  actor: NonOperatorCloser,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await releaseHold(trx, transfer.holdId);
  await setTransferStatus(trx, transfer.id, status);
  await closeOpenProposal(trx, 'transferRelease', transfer.transactionNumber, actor, status === 'Canceled' ? 'The client withdrew the transfer' : 'The transfer expired undecided');
  await audit(trx, transfer, status, actor, extra);
}

/** Test and seed conveniences: decide a transfer by id (demo history dates its approval). */
export async function approveTransfer(trx: Db, transferId: string, operatorId: string, at?: Date): Promise<void> {
  await captureTransfer(trx, await lockPendingTransfer(trx, transferId), operatorId, {}, at);
}

export async function denyTransfer(trx: Db, transferId: string, operatorId: string, reason?: string): Promise<void> {
  await denyLockedTransfer(trx, await lockPendingTransfer(trx, transferId), operatorId, reason);
}

export async function markTransferProcessing(trx: Db, transferId: string, operatorId: string): Promise<void> {
  await setTransferProcessing(trx, await lockPendingTransfer(trx, transferId), operatorId);
}
