import { formatMinor } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { recordAudit } from '../audit';
import { bankToday, instantOnBankDate, monthDay, previousMonthOf, type JobContext, type JobDefinition } from '../jobs';
import type { EntryKind } from '../ledger';
import type { RatesAgeLimit } from '../rates';
import { maintenanceFeeMinor, payMaintenanceFee } from './payment';

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
    order by account.client_id`.execute(db);
  return rows.map((row) => row.client_id);
}

export interface MaintenanceCharge {
  clientId: string;
  month: string;
  paidEurMinor: bigint;
  arrearsEurMinor: bigint;
}

/** Charges one client for one month in a transaction of its own; null when it was charged already. */
export async function chargeClientForMonth(db: Db, clientId: string, month: string, rates: RatesAgeLimit): Promise<MaintenanceCharge | null> {
  const feeMinor = maintenanceFeeMinor();
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('maintenance_charges')
      .values({ client_id: clientId, month, fee_eur: formatMinor(feeMinor, 'EUR'), paid_eur: '0.00' })
      .onConflict((conflict) => conflict.columns(['client_id', 'month']).doNothing())
      .returning('client_id')
      .executeTakeFirst();
    if (!claimed) return null;
    const { paidEurMinor, transactionNumbers } = await payMaintenanceFee(trx, { clientId, dueEurMinor: feeMinor, reference: month.slice(0, 7) }, rates);
    const arrearsEurMinor = feeMinor - paidEurMinor;
    await trx
      .updateTable('maintenance_charges')
      .set({ paid_eur: formatMinor(paidEurMinor, 'EUR') })
      .where('client_id', '=', clientId)
      .where('month', '=', month)
      .execute();
    if (arrearsEurMinor > 0n) {
      const arrears = formatMinor(arrearsEurMinor, 'EUR');
      await trx.insertInto('maintenance_arrears').values({ client_id: clientId, month, amount_eur: arrears, outstanding_eur: arrears, settled_at: null }).execute();
    }
    await recordAudit(trx, {
      actorType: 'system',
      action: 'fees.maintenance',
      subjectType: 'client',
      subjectId: clientId,
      after: { month, feeEur: formatMinor(feeMinor, 'EUR'), paidEur: formatMinor(paidEurMinor, 'EUR'), arrearsEur: formatMinor(arrearsEurMinor, 'EUR'), transactionNumbers },
    });
    return { clientId, month, paidEurMinor, arrearsEurMinor };
  });
}

async function completeMonth(db: Db, month: string, charged: boolean): Promise<void> {
  await db.insertInto('maintenance_months').values({ month, charged }).onConflict((conflict) => conflict.column('month').doNothing()).execute();
}

/** The sweep: every month due, every client due in it. Answers the charges it made. */
export async function chargeMaintenanceFees(context: Pick<JobContext, 'db' | 'config' | 'clock' | 'log'>): Promise<MaintenanceCharge[]> {
  const { db, clock } = context;
  const months = await monthsDue(db, bankToday(clock));
  if (!context.config.time.maintenanceFee) {
    for (const month of months) await completeMonth(db, month, false);
    return [];
  }
  const charges: MaintenanceCharge[] = [];
  for (const month of months) {
    let failures = 0;
    for (const clientId of await clientsDue(db, month, clock.timeZone)) {
      try {
        const charge = await chargeClientForMonth(db, clientId, month, context);
        if (charge) charges.push(charge);
      } catch (error) {
        // One client's failure leaves the others charged; the month stays open and the job is retried.
        failures += 1;
        context.log.error({ err: error, clientId, month }, 'the maintenance fee could not be charged');
      }
    }
    if (failures > 0) throw new Error(`The maintenance fee of ${month} failed for ${failures} client(s)`);
    await completeMonth(db, month, true);
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
