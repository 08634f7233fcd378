import { DEPOSIT_CURRENCIES, decimalToMinor, formatMinor, ratePercentOf, type DepositCurrency } from '@bank/contracts';
import type { DepositLiabilityResponse, DepositLiabilityRow, DepositLiabilityTotal } from '@bank/contracts/backoffice/deposits';
import { BACKOFFICE_PAGE_SIZE } from '@bank/contracts/backoffice/paging';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { instantOnBankDate } from '../jobs';
import { clientNameOf } from '../users';
import { scheduleOf, type DepositTermsRow } from './records';
import { accruedSinceLastPayoutMinor, interestDueByMinor, lastPayoutDateOn, maturityDateOf } from './schedule';

/**
 * The bank's liability on its term deposits at the end of a day (the back office's report), as it
 * stood at that instant, whatever the payout job had or had not done by then:
 *
 * - On the report: every deposit opened on or before the day and not closed by its end (closed_at,
 *   when its principal went back to the client, none yet or after the day's end). A deposit past
 *   its maturity whose return is not yet booked (a failing payout retried, an outage) is still
 *   owed, so it is on the report.
 * - Accrued: the interest earned since the schedule's last payout date, owed but not yet due (none
 *   from maturity on: it is all due then).
 * - Due, unpaid: the interest of the payouts dated on or before the day less what was paid of them
 *   by its end (paid_at), and the principal of a deposit matured by then and not yet returned.
 *
 * Only instants are compared, never the deposits' status (which tells what holds now), so a past
 * day is answered as its end would have answered it.
 */

/** A report's day: its date, and the instant it ends in the bank's time zone (the next day's midnight). */
interface ReportDay {
  date: string;
  end: Date;
}

/**
 * The last instant of year 9999. West of Greenwich (and on it) the end of 9999-12-31 falls in year
 * 10000, which not every database driver writes; no payout or return is booked anywhere near
 * either, so comparing with this instant instead answers the same.
 */
const LAST_INSTANT = new Date('9999-12-31T23:59:59.999Z');

function reportDayOf(date: string, timeZone: string): ReportDay {
  // The day's hour 24 is the next day's midnight, daylight saving included, without writing the
  // next date (which 9999-12-31 does not have in four digits).
  const end = instantOnBankDate(date, 24, timeZone);
  return { date, end: end < LAST_INSTANT ? end : LAST_INSTANT };
}

/** What each deposit had paid by the end of the day of the payouts due by then. */
function paidByEndOf(db: Db, day: ReportDay) {
  return db
    .selectFrom('deposit_payouts')
    .select(['deposit_id', sql<string>`sum(amount)`.as('paid')])
    .where('due_date', '<=', day.date)
    .where('paid_at', '<', day.end)
    .groupBy('deposit_id');
}

/** The deposits the bank held at the end of the day, each with what it had paid by then (`p.paid`, null for nothing). */
function heldAt(db: Db, day: ReportDay) {
  return db
    .selectFrom('deposits as d')
    .leftJoin(paidByEndOf(db, day).as('p'), 'p.deposit_id', 'd.id')
    .where('d.opening_date', '<=', day.date)
    .where((where) => where.or([where('d.closed_at', 'is', null), where('d.closed_at', '>=', day.end)]));
}

/** A deposit's terms (DepositTermsRow): what its figures on any day follow from. */
const termsColumns = [
  'd.currency',
  'd.principal',
  'd.rate_basis_points',
  'd.term_months',
  'd.payout_months',
  sql<string>`to_char(d.opening_date, 'YYYY-MM-DD')`.as('opening_date'),
] as const;

/** One deposit's figures at the end of `date`, from its terms alone: the interest due by then still counts what was paid of it. */
function figuresOf(terms: DepositTermsRow, date: string) {
  const schedule = scheduleOf(terms);
  return {
    schedule,
    accruedMinor: accruedSinceLastPayoutMinor(schedule, date),
    interestDueMinor: interestDueByMinor(schedule, date),
    // On the report, a deposit matured by then had not been returned by the end of the day.
    principalDue: maturityDateOf(schedule) <= date,
  };
}

const paidMinorOf = (paid: string | null, currency: DepositCurrency): bigint => (paid === null ? 0n : decimalToMinor(paid, currency));

function rowOf(row: Awaited<ReturnType<typeof pageOf>>[number], date: string): DepositLiabilityRow {
  const { schedule, accruedMinor, interestDueMinor, principalDue } = figuresOf(row, date);
  const lastPayout = lastPayoutDateOn(schedule, date);
  return {
    depositId: row.id,
    number: row.number,
    client: { clientId: row.client_id, clientNumber: row.client_number, name: clientNameOf(row) },
    currency: row.currency,
    principal: formatMinor(schedule.principalMinor, row.currency),
    rateBasisPoints: row.rate_basis_points,
    rate: ratePercentOf(row.rate_basis_points),
    openingDate: row.opening_date,
    maturityDate: row.maturity_date,
    // lastPayoutDateOn answers the opening day before the first payout: no payout yet.
    lastPayoutDate: lastPayout === row.opening_date ? null : lastPayout,
    accruedInterest: formatMinor(accruedMinor, row.currency),
    dueUnpaidInterest: formatMinor(interestDueMinor - paidMinorOf(row.paid, row.currency), row.currency),
    principalDue,
  };
}

/** A page of the deposits held at the end of the day, with their clients, in the report's order: by currency, oldest first. */
function pageOf(db: Db, day: ReportDay, page: number) {
  return heldAt(db, day)
    .innerJoin('clients as c', 'c.id', 'd.client_id')
    .select(termsColumns)
    .select([
      'd.id',
      'd.number',
      'd.client_id',
      sql<string>`to_char(d.maturity_date, 'YYYY-MM-DD')`.as('maturity_date'),
      'p.paid',
      'c.client_number',
      'c.first_name',
      'c.last_name',
      'c.company_name',
    ])
    .orderBy('d.currency')
    .orderBy('d.opening_date')
    .orderBy('d.number')
    .limit(BACKOFFICE_PAGE_SIZE)
    .offset((page - 1) * BACKOFFICE_PAGE_SIZE)
    .execute();
}

/**
 * The totals per currency over every deposit held at the end of the day. Deposits of the same
 * terms have the same figures, so the database groups them and sums what they had paid: the
 * schedule's arithmetic runs once per distinct terms, and no deposit's row is read.
 */
async function totalsOf(db: Db, day: ReportDay): Promise<{ totals: DepositLiabilityTotal[]; count: number }> {
  const groups = await heldAt(db, day)
    .select(termsColumns)
    .select([
      sql<number>`count(*)::integer`.as('deposits'),
      sql<string | null>`sum(p.paid)`.as('paid'),
    ])
    .groupBy(['d.currency', 'd.principal', 'd.rate_basis_points', 'd.term_months', 'd.payout_months', 'd.opening_date'])
    .execute();
  const sums = new Map(
    DEPOSIT_CURRENCIES.map((currency) => [currency, { deposits: 0, principalMinor: 0n, accruedMinor: 0n, dueUnpaidInterestMinor: 0n, dueUnpaidPrincipalMinor: 0n }]),
  );
  for (const group of groups) {
    const sum = sums.get(group.currency)!;
    const count = BigInt(group.deposits);
    const { schedule, accruedMinor, interestDueMinor, principalDue } = figuresOf(group, day.date);
    sum.deposits += group.deposits;
    sum.principalMinor += schedule.principalMinor * count;
    sum.accruedMinor += accruedMinor * count;
    sum.dueUnpaidInterestMinor += interestDueMinor * count - paidMinorOf(group.paid, group.currency);
    if (principalDue) sum.dueUnpaidPrincipalMinor += schedule.principalMinor * count;
  }
  const totals = [...sums].map(([currency, sum]) => ({
    currency,
    deposits: sum.deposits,
    principal: formatMinor(sum.principalMinor, currency),
    accruedInterest: formatMinor(sum.accruedMinor, currency),
    dueUnpaidInterest: formatMinor(sum.dueUnpaidInterestMinor, currency),
    dueUnpaidPrincipal: formatMinor(sum.dueUnpaidPrincipalMinor, currency),
  }));
  return { totals, count: totals.reduce((count, total) => count + total.deposits, 0) };
}

/**
 * The liability at the end of `date` in the bank's `timeZone`: a page of the deposits held then,
 * and the totals over all of them per currency, both read from one snapshot (a payout made
 * meanwhile is in both or in neither).
 */
export async function depositLiability(db: Db, date: string, timeZone: string, page: number): Promise<DepositLiabilityResponse> {
  const day = reportDayOf(date, timeZone);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const rows = await pageOf(trx, day, page);
      const { totals, count } = await totalsOf(trx, day);
      return { date, items: rows.map((row) => rowOf(row, date)), page, pageSize: BACKOFFICE_PAGE_SIZE, total: count, totals };
    });
}
