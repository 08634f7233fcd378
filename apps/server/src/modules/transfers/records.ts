import {
  decimalToMinor,
  formatMinor,
  isCurrency,
  PAYMENT_REGIONS,
  TRANSACTION_TYPES,
  type Currency,
  type Direction,
  type PaymentRegion,
  type TransactionRecord,
  type TransactionReference,
  type TransactionStatus,
  type TransactionType,
} from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { CompanionWrite } from '../ledger/ledger';
import type { TransferKind } from './tables';

/**
 * The transfers module's records: one `transfers` row per operation and one `transactions` row per
 * side as its owner sees it. Written in bulk (a batch of operations costs two statements) and read
 * newest first, always scoped by the owning client.
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
  /** When it happened, if not now (demo history only). */
  createdAt?: Date;
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
  balanceAfterMinor: bigint;
  transactionType: TransactionType;
  reference: TransactionReference;
}

export interface NewOperation {
  transfer: NewTransfer;
  sides: NewSide[];
  /** Who asked for it, for the audit trail. */
  actor: { type: 'client' | 'operator' | 'system'; id: string | null };
}

/** Rows answered by the write: each new transfer's number. */
export interface RecordedTransfer {
  id: string;
  transaction_number: string;
}

const money = (minor: bigint | undefined, currency: Currency | undefined): string | null =>
  minor === undefined || currency === undefined ? null : formatMinor(minor, currency);

/**
 * The writes of a batch of operations as common table expressions of one statement (new_transfers,
 * new_sides, new_audit): the transfers numbered from the sequence, one row per side carrying that
 * number, and an audit row per transfer. Null when there is nothing to write.
 */
export function operationsWrite(operations: readonly NewOperation[]): CompanionWrite<RecordedTransfer> | null {
  if (operations.length === 0) return null;
  const transfers = operations.map((operation) => operation.transfer);
  const sides = operations.flatMap(({ transfer, sides: transferSides }) => transferSides.map((side) => ({ transfer, side })));
  const ctes = sql`
    new_transfers as (
      insert into transfers (id, transaction_number, kind, status, client_id, from_account_id, to_account_id, amount, currency, fee,
        counter_amount, counter_currency, rate, payment_region, purpose, template_name, payment_reference, payment_date, recipient,
        recipient_details, hold_id, created_at, updated_at)
      select t.id, nextval('transaction_number_seq')::text, t.kind, t.status, t.client_id, t.from_account_id, t.to_account_id, t.amount,
        t.currency, t.fee, t.counter_amount, t.counter_currency, t.rate, t.payment_region, t.purpose, t.template_name,
        t.payment_reference, t.payment_date, t.recipient, t.recipient_details, t.hold_id, coalesce(t.created_at, now()),
        coalesce(t.created_at, now())
      from unnest(
        ${transfers.map((transfer) => transfer.id)}::uuid[],
        ${transfers.map((transfer) => transfer.kind)}::text[],
        ${transfers.map((transfer) => transfer.status)}::text[],
        ${transfers.map((transfer) => transfer.clientId)}::uuid[],
        ${transfers.map((transfer) => transfer.fromAccountId)}::uuid[],
        ${transfers.map((transfer) => transfer.toAccountId)}::uuid[],
        ${transfers.map((transfer) => formatMinor(transfer.amountMinor, transfer.currency))}::numeric[],
        ${transfers.map((transfer) => transfer.currency)}::text[],
        ${transfers.map((transfer) => formatMinor(transfer.feeMinor ?? 0n, transfer.currency))}::numeric[],
        ${transfers.map((transfer) => money(transfer.counterAmountMinor, transfer.counterCurrency))}::numeric[],
        ${transfers.map((transfer) => transfer.counterCurrency ?? null)}::text[],
        ${transfers.map((transfer) => transfer.rate ?? null)}::text[],
        ${transfers.map((transfer) => transfer.paymentRegion ?? null)}::text[],
        ${transfers.map((transfer) => transfer.purpose ?? null)}::text[],
        ${transfers.map((transfer) => transfer.templateName ?? null)}::text[],
        ${transfers.map((transfer) => transfer.paymentReference ?? null)}::text[],
        ${transfers.map((transfer) => transfer.paymentDate ?? null)}::date[],
        ${transfers.map((transfer) => transfer.recipient ?? null)}::text[],
        ${transfers.map((transfer) => (transfer.recipientDetails === undefined ? null : JSON.stringify(transfer.recipientDetails)))}::jsonb[],
        ${transfers.map((transfer) => transfer.holdId ?? null)}::uuid[],
        ${transfers.map((transfer) => transfer.createdAt?.toISOString() ?? null)}::timestamptz[]
      ) with ordinality as t (id, kind, status, client_id, from_account_id, to_account_id, amount, currency, fee, counter_amount,
        counter_currency, rate, payment_region, purpose, template_name, payment_reference, payment_date, recipient, recipient_details,
        hold_id, created_at, position)
      order by t.position
      returning id, transaction_number, kind, status, created_at
    ),
    new_sides as (
      insert into transactions (transfer_id, transaction_number, client_id, account_id, direction, from_account, to_account, recipient,
        amount, currency, fee, balance_after, transaction_type, reference, status, purpose, template_name, payment_region,
        payment_reference, payment_date, rate, created_at)
      select s.transfer_id, t.transaction_number, s.client_id, s.account_id, s.direction, s.from_account, s.to_account, s.recipient,
        s.amount, s.currency, s.fee, s.balance_after, s.transaction_type, s.reference, t.status, s.purpose, s.template_name,
        s.payment_region, s.payment_reference, s.payment_date, s.rate, t.created_at
      from unnest(
        ${sides.map(({ transfer }) => transfer.id)}::uuid[],
        ${sides.map(({ side }) => side.clientId)}::uuid[],
        ${sides.map(({ side }) => side.accountId)}::uuid[],
        ${sides.map(({ side }) => side.direction)}::text[],
        ${sides.map(({ side }) => side.fromAccount)}::text[],
        ${sides.map(({ side }) => side.toAccount)}::text[],
        ${sides.map(({ side }) => side.recipient)}::text[],
        ${sides.map(({ side }) => formatMinor(side.amountMinor, side.currency))}::numeric[],
        ${sides.map(({ side }) => side.currency)}::text[],
        ${sides.map(({ side }) => formatMinor(side.feeMinor ?? 0n, side.currency))}::numeric[],
        ${sides.map(({ side }) => formatMinor(side.balanceAfterMinor, side.currency))}::numeric[],
        ${sides.map(({ side }) => side.transactionType)}::text[],
        ${sides.map(({ side }) => side.reference)}::text[],
        ${sides.map(({ transfer }) => transfer.purpose ?? null)}::text[],
        ${sides.map(({ transfer }) => transfer.templateName ?? null)}::text[],
        ${sides.map(({ transfer }) => transfer.paymentRegion ?? null)}::text[],
        ${sides.map(({ transfer }) => transfer.paymentReference ?? null)}::text[],
        ${sides.map(({ transfer }) => transfer.paymentDate ?? null)}::date[],
        ${sides.map(({ transfer }) => transfer.rate ?? null)}::text[]
      ) with ordinality as s (transfer_id, client_id, account_id, direction, from_account, to_account, recipient, amount, currency, fee,
        balance_after, transaction_type, reference, purpose, template_name, payment_region, payment_reference, payment_date, rate, position)
      join new_transfers as t on t.id = s.transfer_id
      order by s.position
    ),
    new_audit as (
      insert into audit_log (actor_type, actor_id, action, subject_type, subject_id, after)
      select a.actor_type, a.actor_id, 'transfer.create.' || t.kind, 'transfer', t.id::text,
        jsonb_build_object('status', t.status, 'number', t.transaction_number)
      from unnest(
        ${operations.map(({ transfer }) => transfer.id)}::uuid[],
        ${operations.map(({ actor }) => actor.type)}::text[],
        ${operations.map(({ actor }) => actor.id)}::text[]
      ) as a (transfer_id, actor_type, actor_id)
      join new_transfers as t on t.id = a.transfer_id
    )`;
  return { ctes, select: sql<RecordedTransfer>`select id, transaction_number from new_transfers` };
}

/** Writes the operations on their own (one statement); answers each transfer's number by transfer id. */
export async function recordOperations(trx: Db, operations: readonly NewOperation[]): Promise<Map<string, string>> {
  const write = operationsWrite(operations);
  if (!write) return new Map();
  const { rows } = await sql<RecordedTransfer>`with ${write.ctes} ${write.select}`.execute(trx);
  return new Map(rows.map((row) => [row.id, row.transaction_number]));
}

/** Moves a transfer and its side rows to a new status. */
export async function setTransferStatus(trx: Db, transferId: string, status: TransactionStatus): Promise<void> {
  await trx
    .with('sides', (db) => db.updateTable('transactions').set({ status }).where('transfer_id', '=', transferId))
    .updateTable('transfers')
    .set({ status, updated_at: new Date() })
    .where('id', '=', transferId)
    .execute();
}

function moneyText(value: string, currency: Currency): string {
  return formatMinor(decimalToMinor(value, currency), currency);
}

function asTransactionType(value: string): TransactionType {
  if (!(TRANSACTION_TYPES as readonly string[]).includes(value)) throw new Error(`Unknown transaction type ${value}`);
  return value as TransactionType;
}

function asPaymentRegion(value: string | null): PaymentRegion | null {
  if (value === null) return null;
  if (!(PAYMENT_REGIONS as readonly string[]).includes(value)) throw new Error(`Unknown payment region ${value}`);
  return value as PaymentRegion;
}

/** The client's rows, newest first; only its own (every query is scoped by client). */
export async function listTransactionRecords(
  db: Db,
  clientId: string,
  options: { accountId?: string; limit: number },
): Promise<TransactionRecord[]> {
  let query = db
    .selectFrom('transactions')
    .innerJoin('accounts', 'accounts.id', 'transactions.account_id')
    .select([
      'transactions.transaction_number',
      'accounts.number as account_number',
      'transactions.direction',
      'transactions.from_account',
      'transactions.to_account',
      'transactions.recipient',
      'transactions.amount',
      'transactions.currency',
      'transactions.fee',
      'transactions.balance_after',
      'transactions.transaction_type',
      'transactions.reference',
      'transactions.status',
      'transactions.purpose',
      'transactions.template_name',
      'transactions.payment_region',
      'transactions.payment_reference',
      sql<string | null>`to_char(transactions.payment_date, 'YYYY-MM-DD')`.as('payment_date'),
      'transactions.rate',
      'transactions.created_at',
    ])
    .where('transactions.client_id', '=', clientId)
    .where('accounts.client_id', '=', clientId);
  if (options.accountId) query = query.where('transactions.account_id', '=', options.accountId);
  const rows = await query.orderBy('transactions.created_at', 'desc').orderBy('transactions.id', 'desc').limit(options.limit).execute();
  return rows.map((row) => {
    if (!isCurrency(row.currency)) throw new Error(`Unknown currency ${row.currency}`);
    const currency = row.currency;
    return {
      transactionNumber: row.transaction_number,
      accountNumber: row.account_number,
      fromAccount: row.from_account,
      toAccount: row.to_account,
      recipient: row.recipient,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
      amount: moneyText(row.amount, currency),
      currency,
      balance: moneyText(row.balance_after, currency),
      direction: row.direction,
      transactionType: asTransactionType(row.transaction_type),
      reference: row.reference,
      transactionStatus: row.status,
      fee: moneyText(row.fee, currency),
      purpose: row.purpose,
      templateName: row.template_name,
      paymentRegion: asPaymentRegion(row.payment_region),
      paymentReference: row.payment_reference,
      paymentDate: row.payment_date,
      rate: row.rate,
    };
  });
}
