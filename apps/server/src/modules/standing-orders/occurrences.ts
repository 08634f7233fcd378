import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday, type BankClock, offerJob } from '../jobs';
import { RUN_SCHEDULED_TRANSFERS, scheduleTransfer } from '../transfers';
import { runDateAfter } from './calendar';
import { calendarOf, repeatedTransferOf, selectOrders, type StandingOrderRow } from './records';

/**
 * A standing order's occurrences: each date that falls due becomes a Scheduled transfer of its own
 * (its own number), keyed by (order, date) in the transfers table, so it is made once whoever makes
 * it; the payments' runner then books it like any dated transfer. Dates missed while the bank was
 * down are each made, in order, at the next run.
 */

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Runs `work` in a savepoint: a refusal rolls back its own writes only, not the order's transaction. */
async function inSavepoint<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  await sql`savepoint standing_order_occurrence`.execute(trx);
  try {
    const result = await work();
    await sql`release savepoint standing_order_occurrence`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint standing_order_occurrence`.execute(trx);
    throw error;
  }
}

/**
 * Makes the occurrence of `order` on `date`. Answers whether it was made now: false when it exists
 * already (made before a pause on the same day) or the transfers module refuses it (an account
 * closed since, a limit lowered), which is audited and leaves the order to its next date.
 */
async function makeOccurrence(trx: Db, order: StandingOrderRow, date: string): Promise<boolean> {
  try {
    await inSavepoint(trx, () => scheduleTransfer(trx, order.client_id, repeatedTransferOf(order), date, { standingOrderId: order.id, occurrenceDate: date }));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    if (!(error instanceof AppError)) throw error;
    await recordAudit(trx, {
      actorType: 'system',
      action: 'standingOrder.occurrenceRefused',
      subjectType: 'standing_order',
      subjectId: order.id,
      after: { date, code: error.code, message: error.message, fields: error.fields ?? null },
    });
    return false;
  }
}

/**
 * Makes every occurrence of a locked, active order due by `today`, in date order, and moves the order
 * on to its next date, or to Finished after its last. Answers the order as it is then.
 */
export async function makeDueOccurrences(trx: Db, today: string, order: StandingOrderRow): Promise<StandingOrderRow> {
  if (order.status !== 'Active' || order.next_run_date === null || order.next_run_date > today) return order;
  const calendar = calendarOf(order);
  let next: string | null = order.next_run_date;
  let made = order.occurrences_made;
  while (next !== null && next <= today) {
    if (await makeOccurrence(trx, order, next)) made += 1;
    next = runDateAfter(calendar, next, made);
  }
  await trx
    .updateTable('standing_orders')
    .set({ next_run_date: next, occurrences_made: made, status: next === null ? 'Finished' : 'Active', updated_at: new Date() })
    .where('id', '=', order.id)
    .execute();
  // Occurrences made now may be due already: the runner is offered with them, rather than left for
  // its next tick.
  if (made > order.occurrences_made) await offerJob(trx, RUN_SCHEDULED_TRANSFERS);
  if (next === null) {
    await recordAudit(trx, { actorType: 'system', action: 'standingOrder.finished', subjectType: 'standing_order', subjectId: order.id, after: { occurrencesMade: made } });
  }
  return selectOrders(trx).where('id', '=', order.id).executeTakeFirstOrThrow();
}

/** Orders read per round of the sweep. */
const SWEEP_BATCH = 200;

/**
 * The sweep of standing-orders.plan: every active order due by today (bank time zone), each in a
 * transaction of its own under its row lock. An order another node (or its client) holds is skipped:
 * whoever holds it makes its occurrences, or the next run does. One order's failure is logged and
 * leaves the others to go on. Answers how many orders were moved on.
 */
export async function planDueStandingOrders(context: { db: Db; clock: BankClock; log: Logger }): Promise<number> {
  const today = bankToday(context.clock);
  let planned = 0;
  let after: string | undefined;
  for (;;) {
    let due = context.db.selectFrom('standing_orders').select('id').where('status', '=', 'Active').where('next_run_date', '<=', today);
    if (after !== undefined) due = due.where('id', '>', after);
    const ids = (await due.orderBy('id').limit(SWEEP_BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) return planned;
    for (const id of ids) {
      try {
        const moved = await context.db.transaction().execute(async (trx) => {
          const order = await selectOrders(trx)
            .where('id', '=', id)
            .where('status', '=', 'Active')
            .where('next_run_date', '<=', today)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!order) return false;
          await makeDueOccurrences(trx, today, order);
          return true;
        });
        if (moved) planned += 1;
      } catch (error) {
        context.log.error({ err: error, standingOrderId: id }, 'standing order not planned');
      }
    }
    after = ids[ids.length - 1];
  }
}
