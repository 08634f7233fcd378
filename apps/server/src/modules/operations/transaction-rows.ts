import {
  decimalToMinor,
  formatMinor,
  isCurrency,
  PAYMENT_REGIONS,
  TRANSACTION_REFERENCES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type Currency,
  type Direction,
  type PaymentRegion,
  type TransactionRecord,
  type TransactionReference,
  type TransactionStatus,
  type TransactionType,
} from '@bank/contracts';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db';
import { instantText, type InstantText } from '../../db/instant';

/**
 * The read model of the fiat accounts' statement rows (statement_rows with an account): the one
 * place that selects them, checks their currencies and enumerations and turns their amounts into
 * minor units. The transfer list, the statement (and its CSV) and the saved templates all read
 * through it. A row carries its operation's number and status; its payment details
 * (operation-details.ts) are read from its operation by primary key. Nothing here writes, and every
 * query is scoped by the signed-in client first (statement_rows.client_id), so no filter can reach
 * another client's rows.
 *
 * A row stands at its place on the statement, statement_at: when its money was booked (booked_at,
 * the instant of its postings), or when it was made while nothing is booked (a pending transfer;
 * a denied or canceled one for good). Rows are ordered newest first by (statement_at, id), the
 * keyset of the indexes statement_rows_(account|client)_idx, and a period holds the rows
 * whose place is in it. Its balance_after is the account's booked balance right after it, so the
 * rows read in this order chain from the ledger's balance before them to the one after them.
 */

/** Which rows to read: the client, optionally one account and a period, and the statement's filters. */
export interface TransactionFilter {
  clientId: string;
  accountId: string | null;
  start: Date | null;
  end: Date | null;
  purpose?: string | undefined;
  recipient?: string | undefined;
  amount?: string | undefined;
  direction?: Direction | undefined;
  currency?: Currency | undefined;
  type?: TransactionType | undefined;
  templateName?: string | undefined;
  paymentRegion?: PaymentRegion | undefined;
}

/** A position in the keyset: the row's instant with microseconds and its id. */
export interface KeysetKey {
  at: InstantText;
  id: string;
}

/** A seek: rows older (or newer) than a key, skipping `offset` rows, at most `limit` of them. */
export interface Seek {
  towards: 'older' | 'newer';
  from: KeysetKey | null;
  inclusive: boolean;
  offset: number;
  limit: number;
}

/** One stored row, checked and typed; amounts in minor units of its currency. */
export interface TransactionRow {
  id: string;
  /** Its place on the statement (statement_at): the instant rows are ordered and cut into periods by. */
  at: InstantText;
  /** When the operation was made. */
  createdAt: InstantText;
  /** When its money was booked; null while nothing is (pending, denied, canceled). */
  bookedAt: InstantText | null;
  transactionNumber: string;
  /** The owner's account this row belongs to. */
  accountId: string;
  direction: Direction;
  fromAccount: string;
  toAccount: string;
  recipient: string;
  currency: Currency;
  amountMinor: bigint;
  feeMinor: bigint;
  /** The account's booked balance right after the row, at its place. */
  balanceAfterMinor: bigint;
  type: TransactionType;
  reference: TransactionReference;
  status: TransactionStatus;
  purpose: string | null;
  paymentReference: string | null;
  templateName: string | null;
  paymentRegion: PaymentRegion | null;
  /** Requested execution date, YYYY-MM-DD. */
  paymentDate: string | null;
  rate: string | null;
}

/**
 * What a row moved on its account's booked balance: an incoming one credits its amount less the
 * fee, an outgoing one debits its amount plus the fee, each equal to its posting to the account;
 * a row not booked (pending, denied, canceled) moves nothing.
 */
export function movementOf(row: TransactionRow): { creditMinor: bigint; debitMinor: bigint } {
  if (row.bookedAt === null) return { creditMinor: 0n, debitMinor: 0n };
  return row.direction === 'IN' ? { creditMinor: row.amountMinor - row.feeMinor, debitMinor: 0n } : { creditMinor: 0n, debitMinor: row.amountMinor + row.feeMinor };
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** A detail of the row's operation, as text (absent: null), once the operation is joined as `o`. */
const detail = (key: string) => sql<string | null>`o.details ->> ${sql.lit(key)}`;

/**
 * The client's account rows. The filters read the rows alone, so that counting rows and seeking keys
 * stay scans of the rows' indexes (index-only where the index holds what is read); only the payment
 * region, a detail of the operation, is read from it, by primary key, for the rows it filters.
 */
function scoped(db: Db, filter: TransactionFilter) {
  let query = db.selectFrom('statement_rows as t').where('t.client_id', '=', filter.clientId).where('t.account_id', 'is not', null);
  if (filter.accountId) query = query.where('t.account_id', '=', filter.accountId);
  if (filter.start) query = query.where('t.statement_at', '>=', filter.start);
  if (filter.end) query = query.where('t.statement_at', '<', filter.end);
  // The payment purpose; an internal transfer has none of its own and shows the client's reference
  // text. Both are the row's description, searched without reading the rows' operations.
  if (filter.purpose) query = query.where(sql<SqlBool>`t.description ilike ${containsPattern(filter.purpose)}`);
  // docs/product.md#screens-and-routes: the recipient filter is a case-insensitive substring of the target account.
  if (filter.recipient) query = query.where(sql<SqlBool>`t.to_account ilike ${containsPattern(filter.recipient)}`);
  if (filter.amount) query = query.where(sql<SqlBool>`t.amount = ${filter.amount}::numeric`);
  if (filter.direction) query = query.where('t.direction', '=', filter.direction);
  if (filter.currency) query = query.where('t.currency', '=', filter.currency);
  if (filter.type) query = query.where('t.transaction_type', '=', filter.type);
  if (filter.templateName) query = query.where('t.template_name', '=', filter.templateName);
  if (filter.paymentRegion) {
    query = query.where(sql<SqlBool>`(select o.details ->> 'paymentRegion' from operations o where o.id = t.operation_id) = ${filter.paymentRegion}`);
  }
  return query;
}

/** The keyset position of a row: its place on the statement. */
const keyText = instantText(sql.ref('t.statement_at'));

function keysetComparison(seek: Seek) {
  if (seek.towards === 'older') return seek.inclusive ? sql`<=` : sql`<`;
  return seek.inclusive ? sql`>=` : sql`>`;
}

function seeking(db: Db, filter: TransactionFilter, seek: Seek) {
  let query = scoped(db, filter);
  if (seek.from) query = query.where(sql<SqlBool>`(t.statement_at, t.id) ${keysetComparison(seek)} (${seek.from.at}::timestamptz, ${seek.from.id}::bigint)`);
  const order = seek.towards === 'older' ? 'desc' : 'asc';
  return query.orderBy('t.statement_at', order).orderBy('t.id', order).offset(seek.offset);
}

/**
 * Every column a reader of the rows may show, selected the same way for all of them: the row's own,
 * with its operation's number and status (the database copies them onto the row, migration 0094),
 * and, with `details`, the operation's payment details, read by primary key for each row read. A
 * statement file shows none of them but the purpose, which the row carries as its description, so
 * it reads without details: the operation is then joined on a false condition, which PostgreSQL
 * plans as a one-time filter and so looks up no operation (docs/benchmarks.md has what a million
 * look-ups cost). Its rows have a purpose and no other detail.
 */
function selectRow(query: ReturnType<typeof scoped>, details: boolean) {
  return query.leftJoin('operations as o', (join) => join.onRef('o.id', '=', 't.operation_id').on(sql<SqlBool>`${sql.lit(details)}`)).select([
    't.id',
    keyText.as('at'),
    instantText(sql.ref('t.created_at')).as('created_at'),
    instantText(sql.ref('t.booked_at')).$castTo<InstantText | null>().as('booked_at'),
    't.number',
    't.account_id',
    't.direction',
    't.from_account',
    't.to_account',
    't.recipient',
    't.amount',
    't.fee',
    't.currency',
    't.balance_after',
    't.transaction_type',
    't.reference',
    't.status',
    (details ? detail('purpose') : sql<string | null>`t.description`).as('purpose'),
    detail('paymentReference').as('payment_reference'),
    't.template_name',
    detail('paymentRegion').as('payment_region'),
    detail('paymentDate').as('payment_date'),
    detail('rate').as('rate'),
  ]);
}

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined, what: string): T {
  if (value === null || value === undefined || !(values as readonly string[]).includes(value)) throw new Error(`Unknown ${what} ${value} in statement rows`);
  return value as T;
}

function toTransactionRow(row: StoredRow): TransactionRow {
  if (!isCurrency(row.currency)) throw new Error(`Unknown currency ${row.currency} in statement rows`);
  // An account's row has its balance (statement_rows_account_figures_check).
  if (row.balance_after === null) throw new Error(`Statement row ${row.id} has no balance`);
  const currency = row.currency;
  return {
    id: String(row.id),
    at: row.at,
    createdAt: row.created_at,
    bookedAt: row.booked_at,
    transactionNumber: row.number,
    accountId: row.account_id!,
    direction: row.direction,
    fromAccount: row.from_account,
    toAccount: row.to_account,
    recipient: row.recipient,
    currency,
    amountMinor: decimalToMinor(row.amount, currency),
    feeMinor: decimalToMinor(row.fee, currency),
    balanceAfterMinor: decimalToMinor(row.balance_after, currency),
    type: oneOf(TRANSACTION_TYPES, row.transaction_type, 'transaction type'),
    reference: oneOf(TRANSACTION_REFERENCES, row.reference, 'reference'),
    status: oneOf(TRANSACTION_STATUSES, row.status, 'status'),
    purpose: row.purpose,
    paymentReference: row.payment_reference,
    templateName: row.template_name,
    paymentRegion: row.payment_region === null ? null : oneOf(PAYMENT_REGIONS, row.payment_region, 'payment region'),
    paymentDate: row.payment_date,
    rate: row.rate,
  };
}

/**
 * The query of a page of rows, with their operations' payment details unless `details` is false
 * (exported so the benchmark can time exactly it at the database).
 */
export function rowsQuery(db: Db, filter: TransactionFilter, seek: Seek, details = true) {
  return selectRow(seeking(db, filter, seek), details).limit(seek.limit);
}

/** Rows of the filter from a keyset position, newest first whatever the direction of the seek. */
export async function readTransactionRows(db: Db, filter: TransactionFilter, seek: Seek, details = true): Promise<TransactionRow[]> {
  const rows = (await rowsQuery(db, filter, seek, details).execute()).map(toTransactionRow);
  return seek.towards === 'older' ? rows : rows.reverse();
}

/**
 * Every row of the filter, a batch of at most `batchRows` at a time, in the order of the walk: newest
 * first towards older rows, oldest first towards newer ones. The statement files read through it:
 * rows without payment details (selectRow), each batch continuing by keyset right after the last,
 * so no transaction is held open across batches and the next is read only when the caller asks.
 */
export async function* transactionRowBatches(db: Db, filter: TransactionFilter, towards: Seek['towards'], batchRows: number): AsyncGenerator<TransactionRow[]> {
  let from: KeysetKey | null = null;
  for (;;) {
    const newestFirst = await readTransactionRows(db, filter, { towards, from, inclusive: false, offset: 0, limit: batchRows }, false);
    const rows = towards === 'older' ? newestFirst : newestFirst.reverse();
    const last = rows[rows.length - 1];
    if (rows.length > 0) yield rows;
    if (!last || rows.length < batchRows) return;
    from = { at: last.at, id: last.id };
  }
}

/**
 * The key of the row `seek.offset` rows past the seek's start. It selects only the keyset columns,
 * so skipping pages walks the index alone (an index-only scan where the filters are index columns)
 * instead of reading every skipped row.
 */
export function keyAtQuery(db: Db, filter: TransactionFilter, seek: Seek) {
  return seeking(db, filter, seek).select(['t.id', keyText.as('at')]).limit(1);
}

export async function readKeyAt(db: Db, filter: TransactionFilter, seek: Seek): Promise<KeysetKey | null> {
  const row = await keyAtQuery(db, filter, seek).executeTakeFirst();
  return row ? { at: row.at, id: String(row.id) } : null;
}

/**
 * How many rows the filter holds, counting at most `cap` + 1 of them (for page numbers; the rows
 * themselves are read by keyset). The cap bounds the cost of opening a statement of a million rows.
 */
export function countQuery(db: Db, filter: TransactionFilter, cap: number) {
  return db.selectFrom(scoped(db, filter).select(sql<number>`1`.as('one')).limit(cap + 1).as('counted')).select(sql<string>`count(*)`.as('count'));
}

export async function countTransactionRows(db: Db, filter: TransactionFilter, cap: number): Promise<{ total: number; exact: boolean }> {
  const counted = Number((await countQuery(db, filter, cap).executeTakeFirstOrThrow()).count);
  return counted > cap ? { total: cap, exact: false } : { total: counted, exact: true };
}

/**
 * How many rows of the filter moved money in and how many out: the booked ones whose posting is not
 * zero, the rows movementOf gives a turnover. The bank statement files state these counts before
 * their entries, so they are counted first, in one pass over the index.
 */
export async function countMovements(db: Db, filter: TransactionFilter): Promise<{ credits: number; debits: number }> {
  const rows = await scoped(db, filter)
    .where('t.booked_at', 'is not', null)
    .where((eb) => eb.or([eb('t.direction', '=', 'OUT'), eb('t.amount', '<>', eb.ref('t.fee'))]))
    .select(['t.direction', sql<string>`count(*)`.as('count')])
    .groupBy('t.direction')
    .execute();
  const count = (direction: Direction) => Number(rows.find((row) => row.direction === direction)?.count ?? 0);
  return { credits: count('IN'), debits: count('OUT') };
}

/**
 * The latest outgoing row under each template name of the client (the product's filtersTemplates: the
 * account paid from, a substring of the recipient's account or name, a substring of the name), most
 * recently used first, with how many rows carry the name.
 */
export async function readLatestTemplateRows(
  db: Db,
  clientId: string,
  filters: { accountNumber?: string | undefined; recipient?: string | undefined; templateName?: string | undefined },
  limit: number,
): Promise<Array<{ row: TransactionRow; uses: number }>> {
  let named = db
    .selectFrom('statement_rows as t')
    .where('t.client_id', '=', clientId)
    .where('t.account_id', 'is not', null)
    .where('t.template_name', 'is not', null)
    .where('t.direction', '=', 'OUT');
  if (filters.accountNumber) named = named.where('t.from_account', '=', filters.accountNumber);
  if (filters.recipient) {
    const pattern = containsPattern(filters.recipient);
    named = named.where(sql<SqlBool>`(t.to_account ilike ${pattern} or t.recipient ilike ${pattern})`);
  }
  if (filters.templateName) named = named.where(sql<SqlBool>`t.template_name ilike ${containsPattern(filters.templateName)}`);
  const latest = await db
    .selectFrom(
      named
        .distinctOn('t.template_name')
        .select(['t.id', 't.template_name', 't.created_at', sql<string>`count(*) over (partition by t.template_name)`.as('uses')])
        .orderBy('t.template_name')
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .as('latest'),
    )
    .select(['latest.id', 'latest.uses'])
    .orderBy('latest.created_at', 'desc')
    .orderBy('latest.template_name')
    .limit(limit)
    .execute();
  if (latest.length === 0) return [];
  const rows = await selectRow(scoped(db, { clientId, accountId: null, start: null, end: null }), true)
    .where('t.id', 'in', latest.map((item) => item.id))
    .execute();
  const byId = new Map(rows.map((row) => [String(row.id), toTransactionRow(row)]));
  return latest.map((item) => ({ row: byId.get(String(item.id))!, uses: Number(item.uses) }));
}

/** GET /api/transaction/list: the client's rows, newest first; only its own. */
export async function listTransactionRecords(db: Db, clientId: string, options: { accountId?: string; limit: number }): Promise<TransactionRecord[]> {
  const rows = await readTransactionRows(
    db,
    { clientId, accountId: options.accountId ?? null, start: null, end: null },
    { towards: 'older', from: null, inclusive: false, offset: 0, limit: options.limit },
  );
  if (rows.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'number'])
    .where('client_id', '=', clientId)
    .where('id', 'in', [...new Set(rows.map((row) => row.accountId))])
    .execute();
  const numbers = new Map(accounts.map((account) => [account.id, account.number]));
  const reasons = await statusReasonsOf(db, rows);
  return rows.map((row) => {
    const accountNumber = numbers.get(row.accountId);
    if (accountNumber === undefined) throw new Error(`Row ${row.id} belongs to an account of another client`);
    const money = (minor: bigint) => formatMinor(minor, row.currency);
    return {
      transactionNumber: row.transactionNumber,
      accountNumber,
      fromAccount: row.fromAccount,
      toAccount: row.toAccount,
      recipient: row.recipient,
      created: Math.floor(Date.parse(row.createdAt) / 1000),
      amount: money(row.amountMinor),
      currency: row.currency,
      balance: money(row.balanceAfterMinor),
      direction: row.direction,
      transactionType: row.type,
      reference: row.reference,
      transactionStatus: row.status,
      fee: money(row.feeMinor),
      purpose: row.purpose,
      templateName: row.templateName,
      paymentRegion: row.paymentRegion,
      paymentReference: row.paymentReference,
      paymentDate: row.paymentDate,
      rate: row.rate,
      statusReason: reasons.get(row.transactionNumber) ?? null,
    };
  });
}

/** The statuses whose transfer may carry a reason the client sees (the bank's denial, a scheduled transfer's failure). */
const REASONED_STATUSES: readonly TransactionStatus[] = ['Denied', 'Failed'];

/**
 * The reasons of the rows' transfers that did not go through, by transaction number: one query for
 * all the rows (none when no row is Denied or Failed), so a page or a batch never asks row by row.
 */
export async function statusReasonsOf(db: Db, rows: readonly TransactionRow[]): Promise<Map<string, string>> {
  const numbers = [...new Set(rows.filter((row) => REASONED_STATUSES.includes(row.status)).map((row) => row.transactionNumber))];
  if (numbers.length === 0) return new Map();
  const reasoned = await db
    .selectFrom('operations')
    .select(['number', 'status_reason'])
    .where('number', 'in', numbers)
    .where('status_reason', 'is not', null)
    .execute();
  return new Map(reasoned.map((operation) => [operation.number, operation.status_reason!]));
}
