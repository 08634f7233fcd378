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

/** Writes the operations; answers each transfer's transaction number by transfer id. */
export async function recordOperations(trx: Db, operations: readonly NewOperation[]): Promise<Map<string, string>> {
  const numbers = new Map<string, string>();
  if (operations.length === 0) return numbers;
  const inserted = await trx
    .insertInto('transfers')
    .values(
      operations.map(({ transfer }) => ({
        id: transfer.id,
        transaction_number: sql<string>`nextval('transaction_number_seq')::text`,
        kind: transfer.kind,
        status: transfer.status,
        client_id: transfer.clientId,
        from_account_id: transfer.fromAccountId,
        to_account_id: transfer.toAccountId,
        amount: formatMinor(transfer.amountMinor, transfer.currency),
        currency: transfer.currency,
        fee: formatMinor(transfer.feeMinor ?? 0n, transfer.currency),
        counter_amount:
          transfer.counterAmountMinor !== undefined && transfer.counterCurrency
            ? formatMinor(transfer.counterAmountMinor, transfer.counterCurrency)
            : null,
        counter_currency: transfer.counterCurrency ?? null,
        rate: transfer.rate ?? null,
        payment_region: transfer.paymentRegion ?? null,
        purpose: transfer.purpose ?? null,
        template_name: transfer.templateName ?? null,
        payment_reference: transfer.paymentReference ?? null,
        payment_date: transfer.paymentDate ?? null,
        recipient: transfer.recipient ?? null,
        recipient_details: transfer.recipientDetails === undefined ? null : JSON.stringify(transfer.recipientDetails),
        hold_id: transfer.holdId ?? null,
      })),
    )
    .returning(['id', 'transaction_number'])
    .execute();
  for (const row of inserted) numbers.set(row.id, row.transaction_number);

  const sides = operations.flatMap(({ transfer, sides: transferSides }) =>
    transferSides.map((side) => ({
      transfer_id: transfer.id,
      transaction_number: numbers.get(transfer.id)!,
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
      purpose: transfer.purpose ?? null,
      template_name: transfer.templateName ?? null,
      payment_region: transfer.paymentRegion ?? null,
      payment_reference: transfer.paymentReference ?? null,
      payment_date: transfer.paymentDate ?? null,
      rate: transfer.rate ?? null,
    })),
  );
  const audits = operations.map(({ transfer, actor }) => ({
    actor_type: actor.type,
    actor_id: actor.id,
    action: `transfer.create.${transfer.kind}`,
    subject_type: 'transfer',
    subject_id: transfer.id,
    ip: null,
    before: null,
    after: JSON.stringify({ status: transfer.status, number: numbers.get(transfer.id) }),
  }));
  // The audit rows ride along with the side rows: one statement for both.
  await trx
    .with('new_audit', (db) => db.insertInto('audit_log').values(audits))
    .insertInto('transactions')
    .values(sides)
    .execute();
  return numbers;
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

function money(value: string, currency: Currency): string {
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
      amount: money(row.amount, currency),
      currency,
      balance: money(row.balance_after, currency),
      direction: row.direction,
      transactionType: asTransactionType(row.transaction_type),
      reference: row.reference,
      transactionStatus: row.status,
      fee: money(row.fee, currency),
      purpose: row.purpose,
      templateName: row.template_name,
      paymentRegion: asPaymentRegion(row.payment_region),
      paymentReference: row.payment_reference,
      paymentDate: row.payment_date,
      rate: row.rate,
    };
  });
}
