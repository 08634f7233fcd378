import { formatMinor, ratePercentOf, type Deposit } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { earlyClosingTermsOf, payoutAnswer } from './quote';
import { scheduleOf, selectDeposits, type DepositRow } from './records';
import { accruedSinceLastPayoutMinor, payoutScheduleOf } from './schedule';

/**
 * A deposit as its client and the back office see it (contracts' depositSchema). Its figures come
 * from its terms through schedule.ts, never from when the sweep happened to run: the interest
 * accrued on a day is the same whether that day's payout has been made yet or not, and the payouts
 * listed are the whole schedule, each marked paid once its deposit_payouts row exists.
 */

/** The most deposits one client's list shows (a limit on everything; far above any real client's). */
export const DEPOSITS_LIST_LIMIT = 200;

export function depositAnswer(row: DepositRow, paidSequences: ReadonlySet<number>, today: string): Deposit {
  const schedule = scheduleOf(row);
  const { currency } = schedule;
  const payouts = payoutScheduleOf(schedule);
  const running = row.status === 'Active';
  const paidMinor = payouts.filter((payout) => paidSequences.has(payout.sequence)).reduce((sum, payout) => sum + payout.amountMinor, 0n);
  const next = running ? payouts.find((payout) => !paidSequences.has(payout.sequence)) : undefined;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    currency,
    principal: formatMinor(schedule.principalMinor, currency),
    rateBasisPoints: row.rate_basis_points,
    rate: ratePercentOf(row.rate_basis_points),
    termMonths: row.term_months,
    payoutMonths: row.payout_months,
    accountNumber: row.account_number,
    openingDate: row.opening_date,
    maturityDate: row.maturity_date,
    openingFee: row.opening_fee,
    accruedInterest: formatMinor(running ? accruedSinceLastPayoutMinor(schedule, today) : 0n, currency),
    interestPaid: formatMinor(paidMinor, currency),
    totalInterest: row.total_interest,
    nextPayout: next ? { date: next.date, amount: formatMinor(next.amountMinor, currency) } : null,
    payouts: payouts.map((payout) => payoutAnswer(payout, currency, paidSequences.has(payout.sequence))),
    closedOn: row.closed_on,
    forfeitedInterest: row.forfeited_interest,
    earlyClosing: earlyClosingTermsOf(schedule),
  };
}

/** Each deposit's paid sequences, read at once. */
async function paidSequencesByDeposit(db: Db, depositIds: readonly string[]): Promise<Map<string, Set<number>>> {
  const paid = new Map<string, Set<number>>(depositIds.map((id) => [id, new Set<number>()]));
  if (depositIds.length === 0) return paid;
  const rows = await db.selectFrom('deposit_payouts').select(['deposit_id', 'sequence']).where('deposit_id', 'in', [...depositIds]).execute();
  for (const row of rows) paid.get(row.deposit_id)?.add(row.sequence);
  return paid;
}

async function answersOf(db: Db, rows: readonly DepositRow[], today: string): Promise<Deposit[]> {
  const paid = await paidSequencesByDeposit(db, rows.map((row) => row.id));
  return rows.map((row) => depositAnswer(row, paid.get(row.id)!, today));
}

/**
 * GET /api/deposit/list, and the back office's view of a client: the client's deposits as of
 * `today` (the bank's date), running first, then newest first.
 */
export async function depositsOfClient(db: Db, clientId: string, today: string): Promise<Deposit[]> {
  const rows = await selectDeposits(db)
    .where('d.client_id', '=', clientId)
    .orderBy(sql`d.status <> 'Active'`)
    .orderBy('d.opened_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(DEPOSITS_LIST_LIMIT)
    .execute();
  return answersOf(db, rows, today);
}

/** One of the client's deposits; another client's, or none, is 404 (docs/api.md). */
export async function depositOfClient(db: Db, clientId: string, depositId: string, today: string): Promise<Deposit> {
  const row = await selectDeposits(db).where('d.id', '=', depositId).where('d.client_id', '=', clientId).executeTakeFirst();
  if (!row) throw depositNotFound();
  const [answer] = await answersOf(db, [row], today);
  return answer!;
}

export const depositNotFound = () => new AppError('NOT_FOUND', { message: 'Deposit not found', fields: { depositId: 'validation.deposit.notFound' } });
