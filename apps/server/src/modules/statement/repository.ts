import type { Currency, Direction, PaymentRegion, TransactionType } from '@bank/contracts';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db';

/**
 * The statement's reads. The statement is a read model: nothing here writes, and every query is
 * scoped by the signed-in client first (transactions.client_id), so no filter can reach another
 * client's rows. Rows are ordered newest first by (created_at, id), the keyset of the indexes
 * transactions_(account|client)_created_idx.
 */

/** Which rows a statement covers: the client, optionally one account and a period, and the filters. */
export interface RowScope {
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

/** A position in the keyset: the creation instant with microseconds (ISO, UTC) and the row id. */
export interface KeysetKey {
  at: string;
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

export interface StatementDbRow {
  id: string;
  /** created_at as ISO text with microseconds (UTC): the cursor's half of the key, and the row's time. */
  at: string;
  transaction_number: string;
  account_id: string;
  direction: Direction;
  from_account: string;
  to_account: string;
  recipient: string;
  amount: string;
  fee: string;
  currency: string;
  balance_after: string;
  transaction_type: string;
  reference: string;
  status: string;
  purpose: string | null;
  template_name: string | null;
  payment_region: string | null;
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function scoped(db: Db, scope: RowScope) {
  let query = db.selectFrom('transactions as t').where('t.client_id', '=', scope.clientId);
  if (scope.accountId) query = query.where('t.account_id', '=', scope.accountId);
  if (scope.start) query = query.where('t.created_at', '>=', scope.start);
  if (scope.end) query = query.where('t.created_at', '<', scope.end);
  // The payment purpose; an internal transfer has none of its own and shows the client's reference text.
  if (scope.purpose) query = query.where(sql<SqlBool>`coalesce(t.purpose, t.payment_reference) ilike ${containsPattern(scope.purpose)}`);
  // SPEC §2: the recipient filter is a case-insensitive substring of the target account.
  if (scope.recipient) query = query.where(sql<SqlBool>`t.to_account ilike ${containsPattern(scope.recipient)}`);
  if (scope.amount) query = query.where(sql<SqlBool>`t.amount = ${scope.amount}::numeric`);
  if (scope.direction) query = query.where('t.direction', '=', scope.direction);
  if (scope.currency) query = query.where('t.currency', '=', scope.currency);
  if (scope.type) query = query.where('t.transaction_type', '=', scope.type);
  if (scope.templateName) query = query.where('t.template_name', '=', scope.templateName);
  if (scope.paymentRegion) query = query.where('t.payment_region', '=', scope.paymentRegion);
  return query;
}

/**
 * created_at as exact ISO text (microseconds, UTC): a JavaScript Date would drop the microseconds,
 * and text is also much cheaper for the driver than a Date when a million rows are exported.
 */
const keyText = sql<string>`to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function keysetComparison(seek: Seek) {
  if (seek.towards === 'older') return seek.inclusive ? sql`<=` : sql`<`;
  return seek.inclusive ? sql`>=` : sql`>`;
}

function seeking(db: Db, scope: RowScope, seek: Seek) {
  let query = scoped(db, scope);
  if (seek.from) query = query.where(sql<SqlBool>`(t.created_at, t.id) ${keysetComparison(seek)} (${seek.from.at}::timestamptz, ${seek.from.id}::bigint)`);
  const order = seek.towards === 'older' ? 'desc' : 'asc';
  return query.orderBy('t.created_at', order).orderBy('t.id', order).offset(seek.offset);
}

/** The query of a page's rows (exported so the benchmark can time exactly it at the database). */
export function rowsQuery(db: Db, scope: RowScope, seek: Seek) {
  return seeking(db, scope, seek)
    .select([
      't.id',
      keyText.as('at'),
      't.transaction_number',
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
      sql<string | null>`coalesce(t.purpose, t.payment_reference)`.as('purpose'),
      't.template_name',
      't.payment_region',
    ])
    .limit(seek.limit);
}

/** Rows of the scope from a keyset position, newest first whatever the direction of the seek. */
export async function fetchRows(db: Db, scope: RowScope, seek: Seek): Promise<StatementDbRow[]> {
  const rows = (await rowsQuery(db, scope, seek).execute()).map((row) => ({ ...row, id: String(row.id) }));
  return seek.towards === 'older' ? rows : rows.reverse();
}

/**
 * The key of the row `seek.offset` rows past the seek's start. It selects only the keyset columns,
 * so skipping pages walks the index alone (an index-only scan where the filters are index columns)
 * instead of reading every skipped row.
 */
export function keyAtQuery(db: Db, scope: RowScope, seek: Seek) {
  return seeking(db, scope, seek).select(['t.id', keyText.as('at')]).limit(1);
}

export async function fetchKeyAt(db: Db, scope: RowScope, seek: Seek): Promise<KeysetKey | null> {
  const row = await keyAtQuery(db, scope, seek).executeTakeFirst();
  return row ? { at: row.at, id: String(row.id) } : null;
}

/**
 * How many rows the scope holds, counting at most `cap` + 1 of them (for page numbers; the rows
 * themselves are read by keyset). The cap bounds the cost of opening a statement of a million rows.
 */
export function countQuery(db: Db, scope: RowScope, cap: number) {
  return db.selectFrom(scoped(db, scope).select(sql<number>`1`.as('one')).limit(cap + 1).as('counted')).select(sql<string>`count(*)`.as('count'));
}

export async function countRows(db: Db, scope: RowScope, cap: number): Promise<{ total: number; exact: boolean }> {
  const counted = Number((await countQuery(db, scope, cap).executeTakeFirstOrThrow()).count);
  return counted > cap ? { total: cap, exact: false } : { total: counted, exact: true };
}

export interface ClientAccountRow {
  id: string;
  number: string;
  currency: string;
  ledger_account_id: string;
  created_at: Date;
}

/** The client's own accounts, oldest first. */
export async function clientAccounts(db: Db, clientId: string): Promise<ClientAccountRow[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'number', 'currency', 'ledger_account_id', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  return rows.map((row) => ({ ...row, ledger_account_id: String(row.ledger_account_id) }));
}
