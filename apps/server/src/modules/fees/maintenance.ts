import { formatMinor } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { recordAudit } from '../audit';
import { bankToday, instantOnBankDate, monthDay, previousMonthOf, type JobContext, type JobDefinition } from '../jobs';
import type { EntryKind } from '../ledger';
import { clientRiskLevel, highRiskClientIds } from '../kyc';
import type { RatesAgeLimit } from '../rates';
import { highRiskFeeMinor } from './high-risk-fee';
import { maintenanceFeeMinor, payFeeInEur, type MonthlyFee } from './payment';
import { MONTHLY_FEE_BOOKS } from './books';

/**
 * The monthly fee for active account maintenance (docs/product.md#tariffs-and-limits, docs/time.md): on the first of each month, in the bank's time
 * zone, each client whose accounts had a booked movement in the month before (any posting to one of
 * their accounts in that month, the bank's own movements aside) is charged the month's fee (payment.ts);
 * what their money cannot pay is kept as arrears, collected from the next credit (arrears.ts).
 *
 * A sweep, run daily and at every start: it charges every month not yet done, from the month after
 * the last one completed (migration 0083 completes the month before the bank went into service, so
 * the first month charged is the first the bank ran) up to the month before today,
 * so a missed run or a night's outage is caught up. A client is charged once per month however
 * many nodes run it: the (client, month) row is written first, in the client's own transaction,
 * and a second writer waits for it and then finds it there. A month is completed once every
 * client due was charged; while one fails, the month stays open and the job is retried.
 * With MAINTENANCE_FEE_ENABLED=false the months are passed over, so switching it on again never
 * charges the months it was off.
 *
 * The same sweep charges the high-risk service fee (high-risk-fee.ts) for each month it settles: to
 * every client compliance holds high-risk when it charges them, whether their accounts moved or
 * not, the amount in force then, once per (client, month), paid and kept as arrears by the same
 * rules (a row "High-risk client service" on the statement). It is a bank setting of its own, not
 * switched off with the maintenance fee; an amount of 0 charges nothing.
 *
 * A client the bank closed before a month began is charged neither fee for it
 * (docs/bank-controls.md#closing-a-client): their accounts are no longer in service, and the payout
 * of what remains is not activity.
 */
export const MAINTENANCE_FEE_JOB = 'fees.maintenance';

/** The first days of the months to settle at `today`, oldest first. */
async function monthsDue(db: Db, today: string): Promise<string[]> {
  const last = previousMonthOf(today);
  const { latest } = await db.selectFrom('maintenance_months').select(sql<string | null>`max(month)::text`.as('latest')).executeTakeFirstOrThrow();
  if (latest === null) return [last];
  const months: string[] = [];
  for (let month = monthDay(latest, 1, 1); month <= last; month = monthDay(month, 1, 1)) months.push(month);
  return months;
}

/**
 * Movements the bank makes on its own, which are not the client's activity: its fees, and a term
 * deposit's interest and its return at maturity (paid by the bank's schedule; a client whose only
 * movement is a payout of interest is not charged for it). Opening a deposit and closing one early
 * are the client's acts and count.
 */
const BANK_OWN_ENTRY_KINDS: EntryKind[] = ['fee', 'deposit_interest', 'deposit_return'];

/** Clients with a booked movement in `month` (in `zone`), the bank's own aside, not yet charged for it. */
async function clientsDue(db: Db, month: string, zone: string): Promise<string[]> {
  const from = instantOnBankDate(month, 0, zone);
  const until = instantOnBankDate(monthDay(month, 1, 1), 0, zone);
  const { rows } = await sql<{ client_id: string }>`
    select distinct account.client_id
    from postings as posting
    join accounts as account on account.ledger_account_id = posting.ledger_account_id
    join journal_entries as entry on entry.id = posting.entry_id
    where posting.created_at >= ${from} and posting.created_at < ${until} and entry.kind <> all(${BANK_OWN_ENTRY_KINDS})
      and not exists (select 1 from maintenance_charges as charge where charge.client_id = account.client_id and charge.month = ${month}::date)
      and not exists (select 1 from clients as client where client.id = account.client_id and client.closed_by_bank_at < ${from})
    order by account.client_id`.execute(db);
  return rows.map((row) => row.client_id);
}

export interface MaintenanceCharge {
  fee: MonthlyFee;
  clientId: string;
  month: string;
  paidEurMinor: bigint;
  arrearsEurMinor: bigint;
}

/**
 * Charges one client one monthly fee of `feeMinor` EUR for one month, inside the caller's
 * transaction: claims the month (null when it was charged already), pays what the client's accounts
 * can (payFeeInEur), keeps the rest as arrears and audits it.
 */
async function chargeMonthlyFee(trx: Db, fee: MonthlyFee, clientId: string, month: string, feeMinor: bigint, rates: RatesAgeLimit): Promise<MaintenanceCharge | null> {
  const books = MONTHLY_FEE_BOOKS[fee];
  const claimed = await trx
    .insertInto(books.charges)
    .values({ client_id: clientId, month, fee_eur: formatMinor(feeMinor, 'EUR'), paid_eur: '0.00' })
    .onConflict((conflict) => conflict.columns(['client_id', 'month']).doNothing())
    .returning('client_id')
    .executeTakeFirst();
  if (!claimed) return null;
  const { paidEurMinor, transactionNumbers } = await payFeeInEur(trx, { clientId, fee, dueEurMinor: feeMinor, reference: month.slice(0, 7) }, rates);
  const arrearsEurMinor = feeMinor - paidEurMinor;
  await trx
    .updateTable(books.charges)
    .set({ paid_eur: formatMinor(paidEurMinor, 'EUR') })
    .where('client_id', '=', clientId)
    .where('month', '=', month)
    .execute();
  if (arrearsEurMinor > 0n) {
    const arrears = formatMinor(arrearsEurMinor, 'EUR');
    await trx.insertInto(books.arrears).values({ client_id: clientId, month, amount_eur: arrears, outstanding_eur: arrears, settled_at: null }).execute();
  }
  await recordAudit(trx, {
    actorType: 'system',
    action: books.action,
    subjectType: 'client',
    subjectId: clientId,
    after: { month, feeEur: formatMinor(feeMinor, 'EUR'), paidEur: formatMinor(paidEurMinor, 'EUR'), arrearsEur: formatMinor(arrearsEurMinor, 'EUR'), transactionNumbers },
  });
  return { fee, clientId, month, paidEurMinor, arrearsEurMinor };
}

/** Charges one client for one month in a transaction of its own; null when it was charged already. */
export async function chargeClientForMonth(db: Db, clientId: string, month: string, rates: RatesAgeLimit): Promise<MaintenanceCharge | null> {
  return db.transaction().execute((trx) => chargeMonthlyFee(trx, 'maintenance', clientId, month, maintenanceFeeMinor(), rates));
}

/** High-risk clients now, not yet charged the high-risk service fee for `month`, nor closed by the bank before it began (in `zone`). */
async function highRiskClientsDue(db: Db, month: string, zone: string): Promise<string[]> {
  const highRisk = await highRiskClientIds(db);
  if (highRisk.length === 0) return [];
  const [charged, closed] = await Promise.all([
    db.selectFrom('high_risk_charges').select('client_id').where('month', '=', month).where('client_id', 'in', highRisk).execute(),
    db.selectFrom('clients').select('id as client_id').where('id', 'in', highRisk).where('closed_by_bank_at', '<', instantOnBankDate(month, 0, zone)).execute(),
  ]);
  const done = new Set([...charged, ...closed].map((row) => row.client_id));
  return highRisk.filter((clientId) => !done.has(clientId));
}

/**
 * Charges one client the high-risk service fee for one month in a transaction of its own; null when
 * it was charged already, when the client is no longer high-risk as it is charged, or when the fee
 * in force is 0.
 */
export async function chargeHighRiskForMonth(db: Db, clientId: string, month: string, rates: RatesAgeLimit): Promise<MaintenanceCharge | null> {
  return db.transaction().execute(async (trx) => {
    // The level as it is now, in the charging transaction: a client unmarked since the list was read is not charged.
    if ((await clientRiskLevel(trx, clientId)) !== 'high') return null;
    const feeMinor = await highRiskFeeMinor(trx);
    if (feeMinor === 0n) return null;
    return chargeMonthlyFee(trx, 'highRisk', clientId, month, feeMinor, rates);
  });
}

async function completeMonth(db: Db, month: string, charged: boolean): Promise<void> {
  await db.insertInto('maintenance_months').values({ month, charged }).onConflict((conflict) => conflict.column('month').doNothing()).execute();
}

/** The sweep: every month due, every client due in it, for each fee. Answers the charges it made. */
export async function chargeMaintenanceFees(context: Pick<JobContext, 'db' | 'config' | 'clock' | 'log'>): Promise<MaintenanceCharge[]> {
  const { db, clock } = context;
  const months = await monthsDue(db, bankToday(clock));
  const maintenance = context.config.time.maintenanceFee;
  const charges: MaintenanceCharge[] = [];
  for (const month of months) {
    const due: Array<{ fee: MonthlyFee; clientId: string }> = [
      ...(maintenance ? await clientsDue(db, month, clock.timeZone) : []).map((clientId) => ({ fee: 'maintenance' as const, clientId })),
      ...(await highRiskClientsDue(db, month, clock.timeZone)).map((clientId) => ({ fee: 'highRisk' as const, clientId })),
    ];
    let failures = 0;
    for (const { fee, clientId } of due) {
      try {
        const charge = fee === 'maintenance' ? await chargeClientForMonth(db, clientId, month, context) : await chargeHighRiskForMonth(db, clientId, month, context);
        if (charge) charges.push(charge);
      } catch (error) {
        // One client's failure leaves the others charged; the month stays open and the job is retried.
        failures += 1;
        context.log.error({ err: error, clientId, month, fee }, 'a monthly fee could not be charged');
      }
    }
    if (failures > 0) throw new Error(`The monthly fees of ${month} failed for ${failures} charge(s)`);
    await completeMonth(db, month, maintenance);
  }
  return charges;
}

export const maintenanceFeeJob: JobDefinition = {
  name: MAINTENANCE_FEE_JOB,
  // Daily rather than on the 1st only: a month whose run failed is finished the next day.
  cron: '15 0 * * *',
  catchUpOnStart: true,
  async run(context) {
    await chargeMaintenanceFees(context);
  },
};
