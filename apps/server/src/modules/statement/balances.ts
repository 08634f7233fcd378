import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';

/**
 * A period's figures for ledger accounts, exact, from the postings: the booked balance at the
 * start (every posting before it), the credits and the debits within, and the booked balance at
 * the end. Pending holds are not postings and are not counted.
 *
 * Years of history would mean summing every posting on each request, so whole UTC days are read
 * from statement_daily_totals, a cache of per-day sums written once per day when the day is
 * settled; the parts of the period that are not whole settled days (the edges of a period in the
 * client's time zone, today) are summed from the postings themselves. Either way the numbers are
 * the postings' sums.
 */
export interface LedgerPeriodTotals {
  ledgerAccountId: string;
  opening: string;
  credit: string;
  debit: string;
  closing: string;
}

const DAY_MS = 86_400_000;

function floorDay(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

function ceilDay(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
}

const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/**
 * The first UTC day that is not settled. A posting is dated no earlier than its transaction's
 * start (the ledger dates a write when it runs, its locks held), so once no transaction that
 * started before a midnight is still open, no posting dated before that midnight can appear any
 * more (value-dated postings aside: migration 0032 drops the cache they land in). pg_stat_activity shows the open transactions of every
 * connection of this database (one role, so all are visible); it is read before the postings
 * are, so a transaction that commits in between is already in the postings read after it.
 */
export async function settledHorizon(db: Db): Promise<Date> {
  const { rows } = await sql<{ horizon: string }>`
    select to_char(date_trunc('day', least(now(), coalesce((
      select min(xact_start) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and xact_start is not null
    ), now())) at time zone 'UTC'), 'YYYY-MM-DD') as horizon`.execute(db);
  return new Date(`${rows[0]!.horizon}T00:00:00Z`);
}

/** The advisory lock (namespace, ledger account) a fill takes; migration 0032's trigger takes the same. */
const FILL_LOCK_NAMESPACE = 727031;

/**
 * Brings the daily totals of the accounts up to the settled horizon: under the account's advisory
 * lock, the days since its mark are summed once and written with the new mark, in one transaction.
 * Two requests doing it at once take turns; the second finds the work done.
 */
export async function ensureDailyTotals(db: Db, ledgerAccountIds: readonly string[]): Promise<Date> {
  const horizon = await settledHorizon(db);
  if (ledgerAccountIds.length === 0) return horizon;
  const marks = await db
    .selectFrom('statement_daily_totals_marks')
    .select(['ledger_account_id', sql<string>`to_char(settled_before, 'YYYY-MM-DD')`.as('settled_before')])
    .where('ledger_account_id', 'in', [...ledgerAccountIds])
    .execute();
  const markOf = new Map(marks.map((mark) => [String(mark.ledger_account_id), mark.settled_before]));
  for (const ledgerAccountId of ledgerAccountIds) {
    const seen = markOf.get(ledgerAccountId);
    if (seen && seen >= isoDay(horizon)) continue;
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${FILL_LOCK_NAMESPACE}, (${ledgerAccountId}::bigint % 2147483647)::int)`.execute(trx);
      const current = await trx
        .selectFrom('statement_daily_totals_marks')
        .select(sql<string>`to_char(settled_before, 'YYYY-MM-DD')`.as('settled_before'))
        .where('ledger_account_id', '=', ledgerAccountId)
        .executeTakeFirst();
      const mark = current?.settled_before;
      if (mark && mark >= isoDay(horizon)) return;
      await sql`
        insert into statement_daily_totals (ledger_account_id, day, credit, debit)
        select ledger_account_id, (created_at at time zone 'UTC')::date,
          coalesce(sum(amount) filter (where amount > 0), 0), coalesce(sum(-amount) filter (where amount < 0), 0)
        from postings
        where ledger_account_id = ${ledgerAccountId} and created_at < ${horizon} ${mark ? sql`and created_at >= ${`${mark}T00:00:00Z`}::timestamptz` : sql``}
        group by ledger_account_id, (created_at at time zone 'UTC')::date
        on conflict do nothing`.execute(trx);
      await sql`
        insert into statement_daily_totals_marks (ledger_account_id, settled_before) values (${ledgerAccountId}, ${isoDay(horizon)}::date)
        on conflict (ledger_account_id) do update
          set settled_before = greatest(statement_daily_totals_marks.settled_before, excluded.settled_before)`.execute(trx);
    });
  }
  return horizon;
}

type Bound = Date | null;

/** An interval [from, to) of instants cut into whole cached days and the rest, read from the postings. */
function split(from: Bound, to: Bound, horizon: Date): { days: [Bound, Date] | null; raw: Array<[Bound, Bound]> } {
  const firstWholeDay = from ? ceilDay(from) : null;
  const endOfWholeDays = to && floorDay(to) < horizon ? floorDay(to) : horizon;
  if (firstWholeDay !== null && firstWholeDay >= endOfWholeDays) return { days: null, raw: [[from, to]] };
  const raw: Array<[Bound, Bound]> = [];
  if (from && firstWholeDay && from < firstWholeDay) raw.push([from, firstWholeDay]);
  if (!to || endOfWholeDays < to) raw.push([endOfWholeDays, to]);
  return { days: [firstWholeDay, endOfWholeDays], raw };
}

function cachedSum(days: [Bound, Date] | null, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!days) return sql`0`;
  const [first, end] = days;
  return sql`coalesce((select sum(${column}) from statement_daily_totals d
    where d.ledger_account_id = a.id ${first ? sql`and d.day >= ${isoDay(first)}::date` : sql``} and d.day < ${isoDay(end)}::date), 0)`;
}

function postingsSum(ranges: Array<[Bound, Bound]>, column: RawBuilder<unknown>): RawBuilder<unknown> {
  if (ranges.length === 0) return sql`0`;
  const within = sql.join(
    ranges.map(([from, to]) => sql`(true ${from ? sql`and p.created_at >= ${from}` : sql``} ${to ? sql`and p.created_at < ${to}` : sql``})`),
    sql` or `,
  );
  return sql`coalesce((select sum(${column}) from postings p where p.ledger_account_id = a.id and (${within})), 0)`;
}

export async function ledgerPeriodTotals(db: Db, ledgerAccountIds: readonly string[], period: { start: Date | null; end: Date | null }): Promise<LedgerPeriodTotals[]> {
  if (ledgerAccountIds.length === 0) return [];
  const horizon = await ensureDailyTotals(db, ledgerAccountIds);
  const before = period.start ? split(null, period.start, horizon) : null;
  const within = split(period.start, period.end, horizon);
  const opening = before
    ? sql`${cachedSum(before.days, sql`d.credit - d.debit`)} + ${postingsSum(before.raw, sql`p.amount`)}`
    : sql`0`;
  const { rows } = await sql<{ id: string; opening: string; credit: string; debit: string; closing: string }>`
    select id, opening::text as opening, credit::text as credit, debit::text as debit, (opening + credit - debit)::text as closing
    from (
      select a.id::text as id,
        ${opening} as opening,
        ${cachedSum(within.days, sql`d.credit`)} + ${postingsSum(within.raw, sql`greatest(p.amount, 0)`)} as credit,
        ${cachedSum(within.days, sql`d.debit`)} + ${postingsSum(within.raw, sql`greatest(-p.amount, 0)`)} as debit
      from ledger_accounts a
      where a.id = any(${[...ledgerAccountIds]}::bigint[])
    ) figures`.execute(db);
  return rows.map((row) => ({ ledgerAccountId: row.id, opening: row.opening, credit: row.credit, debit: row.debit, closing: row.closing }));
}

/**
 * The booked balance of each ledger account at each of `boundaries` after the first: the balance
 * at the first boundary is the opening of the period [first, last) from ledgerPeriodTotals, and
 * each later one adds the postings up to it, so a day's closing here is the statement's closing
 * balance of a period ending that day. Two queries whatever the number of days: the period's
 * figures, and the postings within it summed per day (`width_bucket` puts each posting between the
 * boundaries it falls in). The last closing is checked against the period's own closing.
 */
export async function ledgerClosingsAt(db: Db, ledgerAccountIds: readonly string[], boundaries: readonly Date[]): Promise<Map<string, string[]>> {
  const closings = new Map<string, string[]>();
  if (ledgerAccountIds.length === 0 || boundaries.length < 2) return closings;
  const start = boundaries[0]!;
  const end = boundaries[boundaries.length - 1]!;
  const periods = await ledgerPeriodTotals(db, ledgerAccountIds, { start, end });
  const days = boundaries.length - 1;
  const { rows } = await sql<{ id: string; day: number; closing: string; agrees: boolean }>`
    with moves as (
      select ledger_account_id, width_bucket(created_at, ${[...boundaries]}::timestamptz[]) as day, sum(amount) as amount
      from postings
      where ledger_account_id = any(${[...ledgerAccountIds]}::bigint[]) and created_at >= ${start} and created_at < ${end}
      group by 1, 2
    ), periods as (
      select * from unnest(${periods.map((row) => row.ledgerAccountId)}::bigint[], ${periods.map((row) => row.opening)}::numeric[],
        ${periods.map((row) => row.closing)}::numeric[]) as p(id, opening, closing)
    ), closings as (
      select p.id, d.day, p.closing as period_closing,
        p.opening + coalesce(sum(m.amount) over (partition by p.id order by d.day), 0) as closing
      from periods p cross join generate_series(1, ${days}::int) as d(day)
      left join moves m on m.ledger_account_id = p.id and m.day = d.day
    )
    select id::text as id, day::int as day, closing::text as closing, (day < ${days}::int or closing = period_closing) as agrees
    from closings order by id, day`.execute(db);
  for (const row of rows) {
    // Pair assertion: the days' postings must add up to the period's closing, summed the other way.
    if (!row.agrees) throw new Error(`Daily closings of ledger account ${row.id} end at ${row.closing}, not at the period's closing`);
    const list = closings.get(row.id) ?? [];
    list.push(row.closing);
    closings.set(row.id, list);
  }
  return closings;
}
