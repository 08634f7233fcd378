import { DEPOSIT_CURRENCIES, decimalToMinor, formatMinor, ratePercentOf } from '@bank/contracts';
import type { DepositLiabilityResponse, DepositLiabilityRow } from '@bank/contracts/backoffice/deposits';
import { BACKOFFICE_PAGE_SIZE } from '@bank/contracts/backoffice/paging';
import type { Db } from '../../db';
import { clientNameOf } from '../users/directory';
import { scheduleOf, selectDeposits } from './records';
import { accruedSinceLastPayoutMinor, lastPayoutDateOn } from './schedule';

/**
 * The bank's liability on its term deposits at the end of a day (the back office's report): every
 * deposit running then, and the interest it has earned since its last payout, owed but not yet due.
 *
 * It is a function of the deposits' terms and the date alone, never of what the payout job has
 * done: a deposit runs from its opening day until its maturity date (when the principal and the
 * last interest fall due, paid or not yet), or until the day it was closed early. A payout dated on
 * the day is due that day, so it counts as paid and not as owed.
 */

/** The deposits running at the end of `date`, with their clients, in the report's order: by currency, oldest first. */
function runningOn(db: Db, date: string) {
  return (
    selectDeposits(db)
      .innerJoin('clients as c', 'c.id', 'd.client_id')
      .select(['c.client_number', 'c.first_name', 'c.last_name', 'c.company_name'])
      .where('d.opening_date', '<=', date)
      .where('d.maturity_date', '>', date)
      // Closed early on the day or before: the principal is back and the forfeited interest never owed.
      .where((where) => where.or([where('d.closed_on', 'is', null), where('d.closed_on', '>', date)]))
      .orderBy('d.currency')
      .orderBy('d.opening_date')
      .orderBy('d.number')
  );
}
type RunningDeposit = Awaited<ReturnType<ReturnType<typeof runningOn>['execute']>>[number];

function rowOf(row: RunningDeposit, date: string): DepositLiabilityRow & { accruedMinor: bigint } {
  const schedule = scheduleOf(row);
  const lastPayout = lastPayoutDateOn(schedule, date);
  const accruedMinor = accruedSinceLastPayoutMinor(schedule, date);
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
    accruedMinor,
  };
}

/**
 * The liability at the end of `date`: a page of the running deposits and the totals over all of
 * them per currency. Every running deposit is read to total it (its interest is the schedule's
 * arithmetic, not a column), so the page limits the answer, not the work.
 */
export async function depositLiability(db: Db, date: string, page: number): Promise<DepositLiabilityResponse> {
  const rows = (await runningOn(db, date).execute()).map((row) => rowOf(row, date));
  const totals = DEPOSIT_CURRENCIES.map((currency) => {
    const ofCurrency = rows.filter((row) => row.currency === currency);
    const principalMinor = ofCurrency.reduce((sum, row) => sum + decimalToMinor(row.principal, currency), 0n);
    const accruedMinor = ofCurrency.reduce((sum, row) => sum + row.accruedMinor, 0n);
    return { currency, deposits: ofCurrency.length, principal: formatMinor(principalMinor, currency), accruedInterest: formatMinor(accruedMinor, currency) };
  });
  const start = (page - 1) * BACKOFFICE_PAGE_SIZE;
  const items = rows.slice(start, start + BACKOFFICE_PAGE_SIZE).map(({ accruedMinor: _accrued, ...row }) => row);
  return { date, items, page, pageSize: BACKOFFICE_PAGE_SIZE, total: rows.length, totals };
}
