import { decimalToMinor, type DepositStatus } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ClientAccount } from '../accounts';
import type { DepositSchedule } from './schedule';

// A deposit's row as the module reads it, what it means to the schedule, and the one place its
// status moves (Active → Matured at maturity, Active → ClosedEarly on the client's request).

/** The columns of a deposit, its dates as text, with its funding account's number. */
const depositColumns = [
  'd.id',
  'd.number',
  'd.client_id',
  'd.account_id',
  'd.ledger_account_id',
  'd.currency',
  'd.principal',
  'd.rate_basis_points',
  'd.history_tier',
  'd.term_months',
  'd.payout_months',
  'd.opening_fee',
  'd.opening_fee_eur',
  'd.total_interest',
  'd.status',
  'd.forfeited_interest',
  'd.opened_at',
  'a.number as account_number',
  'a.ledger_account_id as account_ledger_account_id',
  sql<string>`to_char(d.opening_date, 'YYYY-MM-DD')`.as('opening_date'),
  sql<string>`to_char(d.maturity_date, 'YYYY-MM-DD')`.as('maturity_date'),
  sql<string | null>`to_char(d.next_payout_date, 'YYYY-MM-DD')`.as('next_payout_date'),
  sql<string | null>`to_char(d.closed_on, 'YYYY-MM-DD')`.as('closed_on'),
] as const;

export function selectDeposits(db: Db) {
  return db.selectFrom('deposits as d').innerJoin('accounts as a', 'a.id', 'd.account_id').select(depositColumns);
}
export type DepositRow = Awaited<ReturnType<ReturnType<typeof selectDeposits>['executeTakeFirstOrThrow']>>;

/** A deposit's terms as its row holds them. */
export type DepositTermsRow = Pick<DepositRow, 'principal' | 'currency' | 'rate_basis_points' | 'opening_date' | 'term_months' | 'payout_months'>;

export function scheduleOf(row: DepositTermsRow): DepositSchedule {
  return {
    principalMinor: decimalToMinor(row.principal, row.currency),
    currency: row.currency,
    rateBasisPoints: row.rate_basis_points,
    openingDate: row.opening_date,
    termMonths: row.term_months,
    payoutMonths: row.payout_months,
  };
}

/** The account the deposit was funded from, which receives its interest and principal. */
export function fundingAccountOf(row: DepositRow): ClientAccount {
  return { id: row.account_id, number: row.account_number, clientId: row.client_id, currency: row.currency, ledgerAccountId: String(row.account_ledger_account_id) };
}

/**
 * Locks a deposit's row (FOR UPDATE, to the commit) and reads it: every change of a deposit (a
 * payout, its maturity, an early closing) happens under this lock, so two of them, on any node,
 * take turns and the second sees what the first did. With `clientId`, another client's is null.
 */
export async function lockDeposit(trx: Db, depositId: string, clientId?: string): Promise<DepositRow | null> {
  let lock = trx.selectFrom('deposits').select('id').where('id', '=', depositId);
  if (clientId !== undefined) lock = lock.where('client_id', '=', clientId);
  const locked = await lock.forUpdate().executeTakeFirst();
  if (!locked) return null;
  return selectDeposits(trx).where('d.id', '=', depositId).executeTakeFirstOrThrow();
}

/** The sequences of a deposit's payouts made so far. */
export async function paidSequencesOf(db: Db, depositId: string): Promise<Set<number>> {
  const rows = await db.selectFrom('deposit_payouts').select('sequence').where('deposit_id', '=', depositId).execute();
  return new Set(rows.map((row) => row.sequence));
}

/** The next payout a running deposit waits for (its `next_payout_date`), after a payout was made. */
export async function setNextPayoutDate(trx: Db, depositId: string, date: string): Promise<void> {
  await trx.updateTable('deposits').set({ next_payout_date: date }).where('id', '=', depositId).where('status', '=', 'Active').execute();
}

type FinalStatus = Exclude<DepositStatus, 'Active'>;

/**
 * Ends a running deposit: Matured (its last payout made and principal returned) or ClosedEarly (its
 * principal returned before maturity, `forfeitedInterest` given up). Only an Active deposit ends;
 * anything else is a bug, since the caller holds the deposit's lock and has checked it.
 */
export async function finishDeposit(
  trx: Db,
  depositId: string,
  end: { status: FinalStatus; closedOn: string; closedAt: string; closingTransferId: string; forfeitedInterest?: string },
): Promise<void> {
  if ((end.status === 'ClosedEarly') !== (end.forfeitedInterest !== undefined)) throw new Error('Only an early closing forfeits interest');
  const ended = await trx
    .updateTable('deposits')
    .set({
      status: end.status,
      closed_on: end.closedOn,
      closed_at: end.closedAt,
      closing_transfer_id: end.closingTransferId,
      forfeited_interest: end.forfeitedInterest ?? null,
      next_payout_date: null,
    })
    .where('id', '=', depositId)
    .where('status', '=', 'Active')
    .returning('id')
    .executeTakeFirst();
  if (!ended) throw new Error(`Deposit ${depositId} is not running and cannot become ${end.status}`);
}
