// The drill's standing orders: orders made just before a leader dies, each with an occurrence due
// today, whose runs the job queue's workers on the API nodes take while the cluster fails over. After
// the step, every occurrence must be one transfer, booked once (one journal entry), whatever node
// ran it and however often a job was retried or offered again.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db';
import { bankDateOf, offerJob } from '../apps/server/src/modules/jobs';
import { PLAN_STANDING_ORDERS } from '../apps/server/src/modules/standing-orders';
import { RUN_SCHEDULED_TRANSFERS } from '../apps/server/src/modules/transfers';
import { call, persistently, type FaultClient } from '../faults/bank';
import type { Violation } from '../faults/checks';

const RULE = 'each standing order occurrence is booked exactly once';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DueStandingOrders {
  ids: string[];
  /** The occurrences' date: today in the cluster's time zone (UTC). */
  date: string;
}

/** `count` weekly orders of 1.00 EUR from `payer` to `payee` starting today: each has an occurrence due at once. */
export async function makeDueStandingOrders(baseUrl: string, payer: FaultClient, payee: FaultClient, count: number): Promise<DueStandingOrders> {
  const date = bankDateOf(new Date(), 'UTC');
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const key = randomUUID();
    const body = {
      transfer: { type: 'internal', accNumberFrom: payer.eur, accNumberTo: payee.eur, amount: '1.00', reference: `drill-order-${key}` },
      frequency: 'weekly',
      startDate: date,
    };
    const answer = await persistently(() => call(baseUrl, payer.token, 'POST', 'standing-orders', body, { 'idempotency-key': key }));
    if (answer.status !== 200) throw new Error(`a standing order was refused: ${answer.status} ${answer.body}`);
    ids.push((JSON.parse(answer.body) as { id: string }).id);
  }
  return { ids, date };
}

/** Offers the planning and the run of what is due, as the queue's crons do. */
export async function offerDueWork(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await offerJob(trx, PLAN_STANDING_ORDERS);
    await offerJob(trx, RUN_SCHEDULED_TRANSFERS);
  });
}

interface OccurrenceRow {
  order_id: string;
  transfers: string;
  approved: string;
  entries: string;
}

async function occurrences(db: Db, orders: DueStandingOrders): Promise<OccurrenceRow[]> {
  const { rows } = await sql<OccurrenceRow>`
    select o.id as order_id, count(t.id)::text as transfers,
      count(t.id) filter (where t.status = 'Approved')::text as approved,
      coalesce(sum((select count(*) from journal_entries j where j.transfer_id = t.id)), 0)::text as entries
    from standing_orders o left join operations t
      on (t.details #>> '{schedule,standingOrderId}') = o.id::text and (t.details #>> '{schedule,occurrenceDate}') = ${orders.date}::text
    where o.id = any(${orders.ids}::uuid[]) group by o.id`.execute(db);
  return rows;
}

/**
 * Waits (offering the work again now and then, as the crons would) until every order's occurrence
 * of the day is booked, then checks that each is one transfer with one journal entry.
 */
export async function checkStandingOrders(db: Db, orders: DueStandingOrders, deadlineMs = 180_000): Promise<Violation[]> {
  const until = Date.now() + deadlineMs;
  let rows: OccurrenceRow[] = [];
  for (;;) {
    rows = await occurrences(db, orders).catch(() => []);
    if (rows.length === orders.ids.length && rows.every((row) => row.approved === '1')) break;
    if (Date.now() > until) break;
    await offerDueWork(db).catch(() => undefined);
    await sleep(3_000);
  }
  const violations: Violation[] = [];
  if (rows.length !== orders.ids.length) violations.push({ rule: RULE, detail: `${rows.length} of ${orders.ids.length} orders found` });
  for (const row of rows) {
    if (row.transfers !== '1' || row.approved !== '1' || row.entries !== '1') {
      violations.push({ rule: RULE, detail: `order ${row.order_id}: ${row.transfers} transfers, ${row.approved} booked, ${row.entries} journal entries` });
    }
  }
  return violations;
}
