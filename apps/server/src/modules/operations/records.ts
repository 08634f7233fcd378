import {
  formatMinor,
  INITIAL_TRANSFER_STATUSES,
  statusesBefore,
  type Currency,
  type Direction,
  type PaymentRegion,
  type TransactionReference,
  type TransactionStatus,
  type TransactionType,
} from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { InstantText } from '../../db/instant';
import { fixedStatement } from '../../db/fixed-statement';
import { unnestRows, unnestedTable } from '../../db/unnest';
import type { TransferKind, WalletSideKind } from './tables';
import type { TransferThresholds } from './limits';

/**
 * The transfers module's records: one `transfers` row per operation and one `transactions` row per
 * side as its owner sees it, with an audit row per transfer. Written in bulk after the ledger has
 * booked the operations (a batch costs one statement, whatever its size); read through
 * transaction-rows.ts.
 */
export interface NewTransfer {
  id: string;
  kind: TransferKind;
  status: TransactionStatus;
  clientId: string;
  fromAccountId: string | null;
  toAccountId: string | null;
  amountMinor: bigint;
  currency: Currency;
  feeMinor?: bigint;
  counterAmountMinor?: bigint;
  counterCurrency?: Currency;
  rate?: string;
  paymentRegion?: PaymentRegion;
  purpose?: string;
  templateName?: string;
  paymentReference?: string;
  paymentDate?: string;
  recipient?: string;
  recipientDetails?: unknown;
  holdId?: string;
  fromWalletId?: string;
  toWalletId?: string;
  txHash?: string;
  /** A transfer that waits for the bank: what it needs, fixed now (limits.ts). */
  thresholds?: TransferThresholds;
  /** A Scheduled transfer: the bank date it runs on, the request it runs as, and the standing order's occurrence it is. */
  schedule?: { date: string; request: unknown; occurrence?: { standingOrderId: string; occurrenceDate: string } };
}

export interface NewSide {
  clientId: string;
  accountId: string;
  direction: Direction;
  fromAccount: string;
  toAccount: string;
  recipient: string;
  amountMinor: bigint;
  currency: Currency;
  feeMinor?: bigint;
  /** When its money was booked: the instant of its postings; null while nothing is booked (a pending transfer). */
  bookedAt: InstantText | null;
  /** The account's booked balance right after the row (for a pending row: as it stands, the hold aside). */
  balanceAfterMinor: bigint;
  transactionType: TransactionType;
  reference: TransactionReference;
}

/** One side of a crypto operation on a wallet (the crypto list's row). */
export interface NewWalletSide {
  clientId: string;
  walletId: string;
  kind: WalletSideKind;
  direction: Direction;
  counterparty: string;
  amountMinor: bigint;
  currency: Currency;
  feeMinor?: bigint;
  reference?: string;
  bookedAt: InstantText | null;
}

export interface NewOperation {
  /** When it was made: the instant the ledger booked it or placed its hold. */
  at: InstantText;
  transfer: NewTransfer;
  sides: NewSide[];
  walletSides?: NewWalletSide[];
  /** Who asked for it, for the audit trail. */
  actor: { type: 'client' | 'operator' | 'system'; id: string | null };
}

const money = (minor: bigint | undefined, currency: Currency | undefined): string | null =>
  minor === undefined || currency === undefined ? null : formatMinor(minor, currency);

/** What the client said about the payment, stored on the transfer and on each of its side rows. */
const paymentDetails = (transfer: NewTransfer) => ({
  purpose: transfer.purpose ?? null,
  template_name: transfer.templateName ?? null,
  payment_region: transfer.paymentRegion ?? null,
  payment_reference: transfer.paymentReference ?? null,
  payment_date: transfer.paymentDate ?? null,
  rate: transfer.rate ?? null,
});

const paymentDetailTypes = {
  purpose: 'text',
  template_name: 'text',
  payment_region: 'text',
  payment_reference: 'text',
  payment_date: 'date',
  rate: 'text',
} as const;

/** The columns of a side's `transactions` row, in the order the statements write them. */
const SIDE_TYPES = {
  transfer_id: 'uuid',
  client_id: 'uuid',
  account_id: 'uuid',
  direction: 'text',
  from_account: 'text',
  to_account: 'text',
  recipient: 'text',
  amount: 'numeric',
  currency: 'text',
  fee: 'numeric',
  balance_after: 'numeric',
  transaction_type: 'text',
  reference: 'text',
  status: 'text',
  ...paymentDetailTypes,
  created_at: 'timestamptz',
  booked_at: 'timestamptz',
} as const;

/** The `transactions` rows of operations' sides, each carrying its transfer's status and payment details. */
function sideRowsOf(operations: readonly Pick<NewOperation, 'at' | 'transfer' | 'sides'>[]) {
  return operations.flatMap(({ at, transfer, sides: transferSides }) =>
    transferSides.map((side) => ({
      transfer_id: transfer.id,
      client_id: side.clientId,
      account_id: side.accountId,
      direction: side.direction,
      from_account: side.fromAccount,
      to_account: side.toAccount,
      recipient: side.recipient,
      amount: formatMinor(side.amountMinor, side.currency),
      currency: side.currency,
      fee: formatMinor(side.feeMinor ?? 0n, side.currency),
      balance_after: formatMinor(side.balanceAfterMinor, side.currency),
      transaction_type: side.transactionType,
      reference: side.reference,
      status: transfer.status,
      ...paymentDetails(transfer),
      // A template is the payer's private label: another client's side never carries it.
      template_name: side.clientId === transfer.clientId ? (transfer.templateName ?? null) : null,
      created_at: at,
      booked_at: side.bookedAt,
    })),
  );
}

/** The columns of a `transfers` row, in the order recordOperations writes them. */
const TRANSFER_TYPES = {
  id: 'uuid',
  kind: 'text',
  status: 'text',
  client_id: 'uuid',
  from_account_id: 'uuid',
  to_account_id: 'uuid',
  amount: 'numeric',
  currency: 'text',
  fee: 'numeric',
  counter_amount: 'numeric',
  counter_currency: 'text',
  ...paymentDetailTypes,
  recipient: 'text',
  recipient_details: 'jsonb',
  hold_id: 'uuid',
  from_wallet_id: 'uuid',
  to_wallet_id: 'uuid',
  tx_hash: 'text',
  amount_eur: 'numeric',
  approvals_required: 'bigint',
  approval_reason: 'text',
  scheduled_for: 'date',
  scheduled_request: 'jsonb',
  standing_order_id: 'uuid',
  occurrence_date: 'date',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

/** The columns of a `wallet_transactions` row. */
const WALLET_SIDE_TYPES = {
  transfer_id: 'uuid',
  client_id: 'uuid',
  wallet_id: 'uuid',
  kind: 'text',
  direction: 'text',
  counterparty: 'text',
  amount: 'numeric',
  currency: 'text',
  fee: 'numeric',
  status: 'text',
  reference: 'text',
  created_at: 'timestamptz',
  booked_at: 'timestamptz',
} as const;

/** The columns of a transfer's audit row (its number is added from the new transfer). */
const AUDIT_TYPES = { actor_type: 'text', actor_id: 'text', action: 'text', subject_type: 'text', subject_id: 'text', after: 'jsonb' } as const;

/**
 * recordOperations' one statement: the transfers, numbered from the sequence in the order given
 * (new_transfers), one row per side carrying its transfer's number, and an audit row per transfer.
 */
const transferTable = unnestedTable('transfers', 'transfer', TRANSFER_TYPES);
const sideTable = unnestedTable('transactions', 'side', SIDE_TYPES);
const walletSideTable = unnestedTable('wallet_transactions', 'wallet_side', WALLET_SIDE_TYPES);
const auditTable = unnestedTable('audit_log', 'audit', AUDIT_TYPES);
const recordStatement = fixedStatement<{ id: string; transaction_number: string }>((value) => {
  const transfers = transferTable.named(value);
  const sides = sideTable.named(value);
  const walletSides = walletSideTable.named(value);
  const audit = auditTable.named(value);
  return sql`
    with new_transfers as (
      insert into transfers (${transfers.columns}, transaction_number)
      select ${transfers.values()}, nextval('transaction_number_seq')::text from ${transfers.from} order by ${transfers.position}
      returning id, transaction_number
    ),
    new_sides as (
      insert into transactions (${sides.columns}, transaction_number)
      select ${sides.values()}, numbered.transaction_number
      from ${sides.from} join new_transfers as numbered on numbered.id = side.transfer_id
      order by ${sides.position}
    ),
    new_wallet_sides as (
      insert into wallet_transactions (${walletSides.columns}, transaction_number)
      select ${walletSides.values()}, numbered.transaction_number
      from ${walletSides.from} join new_transfers as numbered on numbered.id = wallet_side.transfer_id
      order by ${walletSides.position}
    ),
    new_audit as (
      insert into audit_log (${audit.columns})
      select ${audit.values({ after: sql`audit.after || jsonb_build_object('number', numbered.transaction_number)` })}
      from ${audit.from} join new_transfers as numbered on numbered.id::text = audit.subject_id
      order by ${audit.position}
    )
    select id, transaction_number from new_transfers`;
});

/**
 * Writes a batch of operations in one statement, whatever its size (recordStatement): each kind of
 * row goes as a few arrays built from typed row objects (db/unnest.ts). Answers each transfer's
 * number by transfer id.
 */
export async function recordOperations(trx: Db, operations: readonly NewOperation[]): Promise<Map<string, string>> {
  if (operations.length === 0) return new Map();
  const unborn = operations.find(({ transfer }) => !INITIAL_TRANSFER_STATUSES.includes(transfer.status));
  if (unborn) throw new Error(`A transfer is not made ${unborn.transfer.status} (contracts transfers/status.ts)`);
  const transfers = operations.map(({ at, transfer }) => ({
    id: transfer.id,
    kind: transfer.kind,
    status: transfer.status,
    client_id: transfer.clientId,
    from_account_id: transfer.fromAccountId,
    to_account_id: transfer.toAccountId,
    amount: formatMinor(transfer.amountMinor, transfer.currency),
    currency: transfer.currency,
    fee: formatMinor(transfer.feeMinor ?? 0n, transfer.currency),
    counter_amount: money(transfer.counterAmountMinor, transfer.counterCurrency),
    counter_currency: transfer.counterCurrency ?? null,
    ...paymentDetails(transfer),
    recipient: transfer.recipient ?? null,
    recipient_details: transfer.recipientDetails === undefined ? null : JSON.stringify(transfer.recipientDetails),
    hold_id: transfer.holdId ?? null,
    from_wallet_id: transfer.fromWalletId ?? null,
    to_wallet_id: transfer.toWalletId ?? null,
    tx_hash: transfer.txHash ?? null,
    amount_eur: transfer.thresholds ? formatMinor(transfer.thresholds.amountEurMinor, 'EUR') : null,
    approvals_required: transfer.thresholds ? String(transfer.thresholds.approvalsRequired) : null,
    approval_reason: transfer.thresholds?.reason ?? null,
    scheduled_for: transfer.schedule?.date ?? null,
    scheduled_request: transfer.schedule ? JSON.stringify(transfer.schedule.request) : null,
    standing_order_id: transfer.schedule?.occurrence?.standingOrderId ?? null,
    occurrence_date: transfer.schedule?.occurrence?.occurrenceDate ?? null,
    created_at: at,
    updated_at: at,
  }));
  const walletSides = operations.flatMap(({ at, transfer, walletSides: sidesOfTransfer = [] }) =>
    sidesOfTransfer.map((side) => ({
      transfer_id: transfer.id,
      client_id: side.clientId,
      wallet_id: side.walletId,
      kind: side.kind,
      direction: side.direction,
      counterparty: side.counterparty,
      amount: formatMinor(side.amountMinor, side.currency),
      currency: side.currency,
      fee: formatMinor(side.feeMinor ?? 0n, side.currency),
      status: transfer.status,
      reference: side.reference ?? null,
      created_at: at,
      booked_at: side.bookedAt,
    })),
  );
  const audit = operations.map(({ transfer, actor }) => ({
    actor_type: actor.type,
    actor_id: actor.id,
    action: `transfer.create.${transfer.kind}`,
    subject_type: 'transfer',
    subject_id: transfer.id,
    after: JSON.stringify({ status: transfer.status }),
  }));
  const { rows } = await recordStatement(trx, {
    ...transferTable.values(transfers),
    ...sideTable.values(sideRowsOf(operations)),
    ...walletSideTable.values(walletSides),
    ...auditTable.values(audit),
  });
  return new Map(rows.map((row) => [row.id, row.transaction_number]));
}

/**
 * Adds side rows to a transfer recorded before, under its number: the payee's row of a scheduled
 * internal transfer, which exists only once the transfer runs.
 */
export async function addTransferSides(trx: Db, operation: Pick<NewOperation, 'at' | 'transfer' | 'sides'>, transactionNumber: string): Promise<void> {
  if (operation.sides.length === 0) return;
  const sides = unnestRows('transactions', 'side', SIDE_TYPES, sideRowsOf([operation]));
  await sql`
    insert into transactions (${sides.columns}, transaction_number)
    select ${sides.values()}, ${transactionNumber}::text from ${sides.from} order by ${sides.position}`.execute(trx);
}

/**
 * Moves a transfer and its side rows (fiat and wallet) to a new status. With a booking (an
 * approval), the rows are booked at the postings' instant: the fiat side row of `account`, with the
 * balance after them, moves to that place on the statement; wallet rows are dated booked. A denial
 * may carry the bank's reason, which the client sees.
 */
export async function setTransferStatus(
  trx: Db,
  transferId: string,
  status: TransactionStatus,
  options: {
    booking?: { at: InstantText; account?: { accountId: string; balanceAfterMinor: bigint; currency: Currency } };
    reason?: string;
  } = {},
): Promise<void> {
  const { booking } = options;
  const account = booking?.account;
  const booked = account && booking ? { booked_at: booking.at, balance_after: formatMinor(account.balanceAfterMinor, account.currency) } : {};
  // The state table (contracts transfers/status.ts) is the only way a status moves: the transfer
  // moves only from a status the table allows, and its side rows only with it, so a refused move
  // changes nothing even for a caller that goes on after the error.
  const moved = await trx
    .with('moved', (db) =>
      db
        .updateTable('transfers')
        .set({ status, updated_at: new Date(), ...(options.reason !== undefined ? { status_reason: options.reason } : {}) })
        .where('id', '=', transferId)
        .where('status', 'in', statusesBefore(status))
        .returning('id'),
    )
    .with('sides', (db) => {
      const sides = db.updateTable('transactions').set({ status, ...booked }).where('transfer_id', 'in', db.selectFrom('moved').select('moved.id'));
      return account ? sides.where('account_id', '=', account.accountId) : sides;
    })
    .with('wallet_sides', (db) =>
      db
        .updateTable('wallet_transactions')
        .set({ status, ...(booking ? { booked_at: booking.at } : {}) })
        .where('transfer_id', 'in', db.selectFrom('moved').select('moved.id')),
    )
    .selectFrom('moved')
    .select('moved.id')
    .executeTakeFirst();
  if (!moved) {
    throw new AppError('CONFLICT', { message: `The transfer cannot become ${status} from where it is`, details: { status } });
  }
}
