import {
  decimalToMinor,
  formatMinor,
  isCurrency,
  resolvePeriod,
  type ResolvedPeriod,
  type StatementAccountSummary,
  type StatementPage,
  type StatementQuery,
} from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { decodeCursor, encodeCursor, filtersFingerprint, type PageCursor } from './cursor';
import { ledgerPeriodTotals } from './balances';
import { countTransactionRows, readKeyAt, readTransactionRows, type Seek, type TransactionFilter } from '../operations';
import { clientAccounts, type ClientAccountRow } from './repository';
import { toStatementRows } from './rows';

/**
 * The statement: a period's rows of the client's accounts and each account's balances over it.
 *
 * One basis, the booked balance. The period's opening and closing balances and turnovers are the
 * sums of the ledger's postings (balances.ts). The rows (the transfers module's read model) stand
 * where their money was booked, at their postings' instant, each with the booked balance after it
 * and a turnover equal to its posting: an incoming row credits amount − fee, an outgoing one debits
 * amount + fee. A pending transfer abroad is a row dated when it was made, marked by its status
 * (New, Processing), that moves nothing (its hold is not a posting: it lowers only the available
 * balance); its approval books the row and moves it to the approval's instant, and a denied or
 * canceled row stays where it was, moving nothing. So for any account and period the oldest row
 * opens at the opening balance, each row opens where the older one closed, the newest closes at the
 * closing balance, and the rows' turnovers add up to the period's. The CSV (csv.ts) and the printed
 * statement show the same rows.
 */

/** What one statement request covers, resolved once: the client's accounts, the period, the row scope. */
export interface StatementScope {
  accounts: ClientAccountRow[];
  accountNumbers: Map<string, string>;
  /** The accounts the balances are answered for: the chosen one, or all in the chosen currency. */
  summaryAccounts: ClientAccountRow[];
  period: ResolvedPeriod;
  rows: TransactionFilter;
}

/**
 * Resolves filters into a scope. An account number that is not the client's own is a 404, the
 * same answer as an account that does not exist.
 */
export async function resolveScope(db: Db, clientId: string, query: StatementQuery, now: Date): Promise<StatementScope> {
  const accounts = await clientAccounts(db, clientId);
  const chosen = query.accountNumber ? accounts.find((account) => account.number === query.accountNumber) : undefined;
  if (query.accountNumber && !chosen) {
    throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accountNumber: 'validation.accountNumber.notFound' } });
  }
  const period = resolvePeriod(query, query.timeZone, now);
  // A period that begins after now holds no rows and no balances yet: every format refuses it
  // alike, rather than answering an empty page or a file with made-up opening figures. Presets
  // always start by today, so only a custom `from` can be late.
  if (period.start && period.start > now) {
    throw new AppError('VALIDATION_FAILED', { fields: { from: 'validation.period.fromInFuture' } });
  }
  // Ticking only one of incoming/outgoing narrows the direction; both or neither show every row.
  const direction = query.incoming && !query.outgoing ? 'IN' : query.outgoing && !query.incoming ? 'OUT' : undefined;
  return {
    accounts,
    accountNumbers: new Map(accounts.map((account) => [account.id, account.number])),
    summaryAccounts: chosen ? [chosen] : accounts.filter((account) => !query.currency || account.currency === query.currency),
    period,
    rows: {
      clientId,
      accountId: chosen?.id ?? null,
      start: period.start,
      end: period.end,
      purpose: query.purpose,
      recipient: query.recipient,
      amount: query.amount,
      direction,
      currency: query.currency,
      type: query.type,
      templateName: query.templateName,
      paymentRegion: query.paymentRegion,
    },
  };
}

/** The balances and turnovers of each summary account over the period, from the ledger (see balances.ts). */
export async function summarizeAccounts(db: Db, scope: StatementScope): Promise<StatementAccountSummary[]> {
  const accounts = scope.summaryAccounts;
  if (accounts.length === 0) return [];
  const totals = new Map(
    (await ledgerPeriodTotals(db, accounts.map((account) => account.ledger_account_id), scope.period)).map((row) => [row.ledgerAccountId, row]),
  );
  return accounts.map((account) => {
    if (!isCurrency(account.currency)) throw new Error(`Account ${account.number} has unknown currency ${account.currency}`);
    const currency = account.currency;
    const figures = totals.get(account.ledger_account_id);
    if (!figures) throw new Error(`No ledger account behind account ${account.number}`);
    const money = (value: string) => formatMinor(decimalToMinor(value, currency), currency);
    return {
      accountNumber: account.number,
      currency,
      openingBalance: money(figures.opening),
      creditTurnover: money(figures.credit),
      debitTurnover: money(figures.debit),
      closingBalance: money(figures.closing),
    };
  });
}

interface SeekPlan {
  seek: Seek;
  /** Rows walked past before the page (the cost the plan is chosen by). */
  skipped: number;
  /** Counts from the oldest row: needs a total that is current. */
  fromBottom: boolean;
}

/**
 * Where to read page `page` from. Next and previous pages are pure keyset seeks from the cursor
 * (nothing skipped, so a deep page costs what the first does). A jump to page N (the numbered
 * links) starts from whichever is nearest: the newest row, the oldest row, or the cursor's page,
 * and skips the pages in between over the index's keys only (see readKeyAt). The page controls
 * link the first, last and nearby pages, so every move the screen offers skips at most a few pages.
 */
export function planSeek(page: number, limit: number, total: { total: number; exact: boolean }, cursor: PageCursor | null): SeekPlan {
  const plans: SeekPlan[] = [];
  if (cursor) {
    if (page > cursor.page) {
      const skipped = (page - cursor.page - 1) * limit;
      plans.push({ seek: { towards: 'older', from: cursor.oldest, inclusive: false, offset: skipped, limit }, skipped, fromBottom: false });
    } else if (page < cursor.page) {
      const skipped = (cursor.page - page - 1) * limit;
      plans.push({ seek: { towards: 'newer', from: cursor.newest, inclusive: false, offset: skipped, limit }, skipped, fromBottom: false });
    } else {
      plans.push({ seek: { towards: 'older', from: cursor.newest, inclusive: true, offset: 0, limit }, skipped: 0, fromBottom: false });
    }
  }
  const fromTop = (page - 1) * limit;
  plans.push({ seek: { towards: 'older', from: null, inclusive: false, offset: fromTop, limit }, skipped: fromTop, fromBottom: false });
  // Page N counted from the oldest row: the rows of ascending positions total − N·limit … total − (N−1)·limit − 1.
  const fromBottom = Math.max(0, total.total - page * limit);
  const bottomLimit = Math.max(0, Math.min(limit, total.total - (page - 1) * limit));
  if (total.exact && bottomLimit > 0) {
    plans.push({ seek: { towards: 'newer', from: null, inclusive: false, offset: fromBottom, limit: bottomLimit }, skipped: fromBottom, fromBottom: true });
  }
  return plans.reduce((best, plan) => (plan.skipped < best.skipped ? plan : best));
}

/** Runs a seek; pages behind others are reached by finding their first key over the index, then reading from it. */
async function runSeek(db: Db, scope: TransactionFilter, seek: Seek) {
  if (seek.offset === 0) return readTransactionRows(db, scope, seek);
  const key = await readKeyAt(db, scope, seek);
  if (!key) return [];
  return readTransactionRows(db, scope, { towards: seek.towards, from: key, inclusive: true, offset: 0, limit: seek.limit });
}

/**
 * Rows counted at most when a statement is opened: beyond it the answer says "more than" and the
 * page links stop at the pages counted (250 pages of 8), while next/previous keep going by keyset.
 */
export const STATEMENT_COUNT_CAP = 2_000;

/** The fingerprint a cursor carries: every filter and the page size, not the page itself. */
function cursorFingerprint(query: StatementQuery): string {
  const { page: _page, cursor: _cursor, format: _format, lang: _lang, ...filters } = query;
  return filtersFingerprint(filters);
}

/**
 * One page of the statement, newest first. Opened without a cursor, it also counts the rows (for
 * the page links) and answers the period's balances; moves with a cursor reuse that count.
 */
export async function readStatementPage(
  db: Db,
  clientId: string,
  query: StatementQuery,
  now: Date,
  countCap: number = STATEMENT_COUNT_CAP,
): Promise<StatementPage> {
  const fingerprint = cursorFingerprint(query);
  const cursor = query.cursor ? decodeCursor(query.cursor, fingerprint) : null;
  const scope = await resolveScope(db, clientId, query, now);
  const limit = query.limit;
  let counted = cursor ? { total: cursor.total, exact: cursor.totalExact } : await countTransactionRows(db, scope.rows, countCap);
  const pageOf = (wanted: number) => (counted.exact ? Math.min(wanted, Math.max(1, Math.ceil(counted.total / limit))) : wanted);
  let page = pageOf(query.page ?? cursor?.page ?? 1);
  let plan = planSeek(page, limit, counted, cursor);
  if (plan.fromBottom && cursor) {
    // Counting from the oldest row needs today's count, not the one the cursor carries.
    counted = await countTransactionRows(db, scope.rows, countCap);
    page = pageOf(query.page ?? cursor.page);
    plan = planSeek(page, limit, counted, null);
  }
  const rows = await runSeek(db, scope.rows, plan.seek);
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows: await toStatementRows(db, rows, (row) => scope.accountNumbers.get(row.accountId) ?? ''),
    page,
    pageSize: limit,
    total: counted.total,
    totalExact: counted.exact,
    totalPages: Math.max(1, Math.ceil(counted.total / limit)),
    cursor:
      first && last
        ? encodeCursor({ page, newest: { at: first.at, id: first.id }, oldest: { at: last.at, id: last.id }, total: counted.total, totalExact: counted.exact, filters: fingerprint })
        : null,
    period: {
      firstDay: scope.period.firstDay,
      lastDay: scope.period.lastDay,
      start: scope.period.start?.toISOString() ?? null,
      end: scope.period.end?.toISOString() ?? null,
      timeZone: query.timeZone,
    },
    accounts: cursor ? null : await summarizeAccounts(db, scope),
  };
}
