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
import { operationDetails, type StoredDetails } from './operation-details';

/**
 * The transfers module's records: one `operations` row per operation (what every operation has, and
 * its kind's details) and one `statement_rows` row per side as its owner sees it, on a fiat account
 * or a wallet, with an audit row per operation. Written in bulk after the ledger has booked the
 * operations (a batch costs one statement, whatever its size); read through transaction-rows.ts and
 * the crypto list.
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
  /** A card payment or refund: the card and the merchant's category code. */
  cardId?: string;
  mcc?: string;
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

const money = (minor: bigint | undefined, currency: Currency | undefined): string | undefined =>
  minor === undefined || currency === undefined ? undefined : formatMinor(minor, currency);

/** The details of a transfer's kind (operation-details.ts), checked against its kind's schema. */
export function detailsOfTransfer(transfer: NewTransfer): StoredDetails {
  const { thresholds, schedule } = transfer;
  return operationDetails(transfer.kind, {
    fromAccountId: transfer.fromAccountId ?? undefined,
    toAccountId: transfer.toAccountId ?? undefined,
    fromWalletId: transfer.fromWalletId,
    toWalletId: transfer.toWalletId,
    counterAmount: money(transfer.counterAmountMinor, transfer.counterCurrency),
    counterCurrency: transfer.counterCurrency,
    rate: transfer.rate,
    paymentRegion: transfer.paymentRegion,
    purpose: transfer.purpose,
    paymentReference: transfer.paymentReference,
    paymentDate: transfer.paymentDate,
    recipientDetails: transfer.recipientDetails,
    holdId: transfer.holdId,
    txHash: transfer.txHash,
    cardId: transfer.cardId,
    mcc: transfer.mcc,
    thresholds: thresholds && thresholdsDetail(thresholds),
    schedule: schedule && {
      date: schedule.date,
      request: schedule.request,
      runAttempts: 0,
      ...(schedule.occurrence ? { standingOrderId: schedule.occurrence.standingOrderId, occurrenceDate: schedule.occurrence.occurrenceDate } : {}),
    },
  });
}

/** A transfer's thresholds as its details keep them. */
export function thresholdsDetail(thresholds: TransferThresholds): NonNullable<StoredDetails['thresholds']> {
  return { amountEur: formatMinor(thresholds.amountEurMinor, 'EUR'), approvalsRequired: thresholds.approvalsRequired, approvalReason: thresholds.reason };
}

/** The columns of an account's statement row, in the order the statements write them. */
const SIDE_TYPES = {
  operation_id: 'uuid',
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
  template_name: 'text',
  description: 'text',
  created_at: 'timestamptz',
  booked_at: 'timestamptz',
} as const;

/** The line a statement shows and searches for an operation's rows: its purpose, else its reference text. */
const descriptionOf = (transfer: NewTransfer) => transfer.purpose ?? transfer.paymentReference ?? null;

/** The statement rows of operations' sides on accounts; the status is the operation's. */
function sideRowsOf(operations: readonly Pick<NewOperation, 'at' | 'transfer' | 'sides'>[]) {
  return operations.flatMap(({ at, transfer, sides: transferSides }) =>
    transferSides.map((side) => ({
      operation_id: transfer.id,
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
      // A template is the payer's private label: another client's side never carries it.
      template_name: side.clientId === transfer.clientId ? (transfer.templateName ?? null) : null,
      description: descriptionOf(transfer),
      created_at: at,
      booked_at: side.bookedAt,
    })),
  );
}

/**
 * What an operation's records carry as text, for a writer that records it in SQL (the ledger's batch
 * of internal transfers, ledger/transfer-batch.ts): its details as JSON, and its statement line.
 */
export function recordedTexts(transfer: NewTransfer): { details: string; description: string | null } {
  return { details: JSON.stringify(detailsOfTransfer(transfer)), description: descriptionOf(transfer) };
}

/** The columns of an `operations` row, in the order recordOperations writes them. */
const OPERATION_TYPES = {
  id: 'uuid',
  kind: 'text',
  status: 'text',
  client_id: 'uuid',
  amount: 'numeric',
  currency: 'text',
  fee: 'numeric',
  counterparty: 'text',
  details: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  booked_at: 'timestamptz',
} as const;

/**
 * The columns of a wallet's statement row as given: the wallet, its kind as its type and its
 * counterparty as the name shown. Its own side is its wallet's address, read as it is written.
 */
const WALLET_SIDE_TYPES = {
  operation_id: 'uuid',
  client_id: 'uuid',
  wallet_id: 'uuid',
  transaction_type: 'text',
  direction: 'text',
  recipient: 'text',
  amount: 'numeric',
  currency: 'text',
  fee: 'numeric',
  description: 'text',
  created_at: 'timestamptz',
  booked_at: 'timestamptz',
} as const;

/** The columns of a transfer's audit row (its number is added from the new transfer). */
const AUDIT_TYPES = { actor_type: 'text', actor_id: 'text', action: 'text', subject_type: 'text', subject_id: 'text', after: 'jsonb' } as const;

/**
 * recordOperations' one statement: the operations, numbered from the sequence in the order given
 * (new_operations), one statement row per side, and an audit row per operation naming its number.
 */
const operationTable = unnestedTable('operations', 'operation', OPERATION_TYPES);
const sideTable = unnestedTable('statement_rows', 'side', SIDE_TYPES);
const walletSideTable = unnestedTable('statement_rows', 'wallet_side', WALLET_SIDE_TYPES);
const auditTable = unnestedTable('audit_log', 'audit', AUDIT_TYPES);
const recordStatement = fixedStatement<{ id: string; number: string }>((value) => {
  const operations = operationTable.named(value);
  const sides = sideTable.named(value);
  const walletSides = walletSideTable.named(value);
  const audit = auditTable.named(value);
  return sql`
    with new_operations as (
      insert into operations (${operations.columns}, number)
      select ${operations.values()}, nextval('transaction_number_seq')::text from ${operations.from} order by ${operations.position}
      returning id, number, status
    ),
    new_sides as (
      insert into statement_rows (${sides.columns}, number, status)
      select ${sides.values()}, numbered.number, numbered.status
      from ${sides.from} join new_operations as numbered on numbered.id = side.operation_id
      order by ${sides.position}
    ),
    new_wallet_sides as (
      insert into statement_rows (${walletSides.columns}, from_account, to_account, number, status)
      select ${walletSides.values()},
        case when wallet_side.direction = 'OUT' then wallet.address else wallet_side.recipient end,
        case when wallet_side.direction = 'OUT' then wallet_side.recipient else wallet.address end,
        numbered.number, numbered.status
      from ${walletSides.from} join wallets as wallet on wallet.id = wallet_side.wallet_id
      join new_operations as numbered on numbered.id = wallet_side.operation_id
      order by ${walletSides.position}
    ),
    new_audit as (
      insert into audit_log (${audit.columns})
      select ${audit.values({ after: sql`audit.after || jsonb_build_object('number', numbered.number)` })}
      from ${audit.from} join new_operations as numbered on numbered.id::text = audit.subject_id
      order by ${audit.position}
    )
    select id, number from new_operations`;
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
  const rows = operations.map(({ at, transfer }) => ({
    id: transfer.id,
    kind: transfer.kind,
    status: transfer.status,
    client_id: transfer.clientId,
    amount: formatMinor(transfer.amountMinor, transfer.currency),
    currency: transfer.currency,
    fee: formatMinor(transfer.feeMinor ?? 0n, transfer.currency),
    counterparty: transfer.recipient ?? '',
    details: recordedTexts(transfer).details,
    created_at: at,
    updated_at: at,
    // Made Approved is booked as it is made: its postings bear this instant.
    booked_at: transfer.status === 'Approved' ? at : null,
  }));
  const walletSides = operations.flatMap(({ at, transfer, walletSides: sidesOfTransfer = [] }) =>
    sidesOfTransfer.map((side) => ({
      operation_id: transfer.id,
      client_id: side.clientId,
      wallet_id: side.walletId,
      transaction_type: side.kind,
      direction: side.direction,
      recipient: side.counterparty,
      amount: formatMinor(side.amountMinor, side.currency),
      currency: side.currency,
      fee: formatMinor(side.feeMinor ?? 0n, side.currency),
      description: descriptionOf(transfer),
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
  const { rows: numbered } = await recordStatement(trx, {
    ...operationTable.values(rows),
    ...sideTable.values(sideRowsOf(operations)),
    ...walletSideTable.values(walletSides),
    ...auditTable.values(audit),
  });
  return new Map(numbered.map((row) => [row.id, row.number]));
}

/**
 * Adds side rows to a transfer recorded before: the payee's row of a scheduled internal transfer,
 * which exists only once the transfer runs.
 */
export async function addTransferSides(trx: Db, operation: Pick<NewOperation, 'at' | 'transfer' | 'sides'>): Promise<void> {
  if (operation.sides.length === 0) return;
  const sides = unnestRows('statement_rows', 'side', SIDE_TYPES, sideRowsOf([operation]));
  await sql`
    insert into statement_rows (${sides.columns}, number, status)
    select ${sides.values()}, operation.number, operation.status
    from ${sides.from} join operations as operation on operation.id = side.operation_id
    order by ${sides.position}`.execute(trx);
}

/**
 * Moves an operation to a new status; its statement rows show the operation's status, so they move
 * with it. With a booking (an approval) the operation is booked at the postings' instant, and so are
 * its wallet rows and the statement row of `account`, which takes the balance after them and moves
 * to that place on the statement. A denial may carry the bank's reason, which the client sees. One
 * statement, whatever moves.
 */
export async function setTransferStatus(
  trx: Db,
  transferId: string,
  status: TransactionStatus,
  options: {
    booking?: {
      at: InstantText;
      account?: { accountId: string; balanceAfterMinor: bigint; currency: Currency };
      /** What was booked when it is not what was held (a card's clearing): the operation and its account's row take it. */
      amountMinor?: bigint;
    };
    reason?: string;
  } = {},
): Promise<void> {
  const { booking } = options;
  const account = booking?.account;
  // The state table (contracts transfers/status.ts) is the only way a status moves: the operation
  // moves only from a status the table allows, and its rows are booked only with it, so a refused
  // move changes nothing even for a caller that goes on after the error.
  const moved = sql`
    update operations
    set status = ${status}, updated_at = ${new Date()}
      ${options.reason !== undefined ? sql`, status_reason = ${options.reason}` : sql``}
      ${booking ? sql`, booked_at = ${booking.at}::timestamptz` : sql``}
      ${booking?.amountMinor !== undefined && account ? sql`, amount = ${formatMinor(booking.amountMinor, account.currency)}::numeric` : sql``}
    where id = ${transferId}::uuid and status = any(${statusesBefore(status)}::text[])
    returning id`;
  const booked = booking
    ? sql`, booked_rows as (
        update statement_rows
        set booked_at = ${booking.at}::timestamptz
          ${account ? sql`, balance_after = case when account_id = ${account.accountId}::uuid then ${formatMinor(account.balanceAfterMinor, account.currency)}::numeric else balance_after end` : sql``}
          ${account && booking?.amountMinor !== undefined ? sql`, amount = case when account_id = ${account.accountId}::uuid then ${formatMinor(booking.amountMinor, account.currency)}::numeric else amount end` : sql``}
        where operation_id in (select id from moved)
          and (wallet_id is not null ${account ? sql`or account_id = ${account.accountId}::uuid` : sql``})
      )`
    : sql``;
  const { rows } = await sql<{ id: string }>`with moved as (${moved}) ${booked} select id from moved`.execute(trx);
  if (rows.length === 0) {
    throw new AppError('CONFLICT', { message: `The transfer cannot become ${status} from where it is`, details: { status } });
  }
}
