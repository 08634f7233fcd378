// Proves standing orders on a clock the tests move: each date that falls due becomes a Scheduled
// transfer of its own (its own number) that the payments' runner books once, however often and
// however concurrently the plan and the runner run; a 31st runs on 29 February and 30 April; weekly
// and quarterly orders keep their dates; a count or an end date finishes an order; pause stops it,
// resume plans again from today, cancel stops it for good; another client's order is 404; the back
// office sees a client's schedules.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { openAccount, type ClientAccount } from '../accounts';
import { fixedClock, type FixedClock, type JobContext } from '../jobs';
import { fundLedgerAccount } from '../ledger/test-support';
import { readBalances } from '../ledger';
import { TEST_RECIPIENT_DETAILS } from '../transfers/test-support';
import { runDueScheduledTransfers } from '../transfers';
import { planStandingOrdersJob } from './job';

let context: TestContext;
let clock: FixedClock;
let jobs: JobContext;

beforeAll(async () => {
  clock = fixedClock('2024-01-31T07:00:00Z');
  context = await createTestContext({}, { clock });
  jobs = jobContextOf(context, clock);
});
afterAll(() => context.close());

interface Payer {
  client: TestClient;
  from: ClientAccount;
  to: ClientAccount;
}

/** A client with a funded EUR account, and another client's EUR account to pay. */
async function payer(funds = '1000.00'): Promise<Payer> {
  const client = await createSignedInClient(context);
  const payee = await createSignedInClient(context);
  const from = await context.db.transaction().execute((trx) => openAccount(trx, client.id, 'EUR'));
  const to = await context.db.transaction().execute((trx) => openAccount(trx, payee.id, 'EUR'));
  await fundLedgerAccount(context.db, from.ledgerAccountId, 'EUR', funds);
  return { client, from, to };
}

const internal = (p: Payer, amount = '10.00') => ({ type: 'internal', accNumberFrom: p.from.number, accNumberTo: p.to.number, amount, fullName: 'Payee Name', reference: 'Rent' });

async function createOrder(p: Payer, body: Record<string, unknown>) {
  return context.app.inject({ method: 'POST', url: '/api/standing-orders', headers: p.client.headers, payload: body });
}

async function act(client: TestClient, id: string, action: 'pause' | 'resume' | 'cancel') {
  return context.app.inject({ method: 'POST', url: `/api/standing-orders/${id}/${action}`, headers: client.headers });
}

/** The order's occurrences: their dates, numbers and statuses, in date order. */
async function occurrences(orderId: string) {
  const rows = await context.db
    .selectFrom('operations')
    .select(['number', 'status', sql<string>`details #>> '{schedule,occurrenceDate}'`.as('occurrence_date')])
    .where(sql<string>`details #>> '{schedule,standingOrderId}'`, '=', orderId)
    .orderBy(sql`details #>> '{schedule,occurrenceDate}'`)
    .execute();
  return rows.map((row) => ({
    date: row.occurrence_date,
    number: row.number,
    status: row.status,
  }));
}

async function balanceOf(account: ClientAccount): Promise<bigint> {
  return (await readBalances(context.db, [account.ledgerAccountId])).get(account.ledgerAccountId)!.bookedMinor;
}

/** Moves the clock to `date` after the payments hour, and runs the plan and the runner, each twice at once. */
async function runDay(date: string, hour = '07:00'): Promise<void> {
  clock.set(`${date}T${hour}:00Z`);
  await Promise.all([planStandingOrdersJob.run(jobs, {}), planStandingOrdersJob.run(jobs, {})]);
  await Promise.all([runDueScheduledTransfers(jobs), runDueScheduledTransfers(jobs)]);
}

describe('monthly on the 31st', () => {
  it('runs on 31 January, 29 February, 31 March and 30 April, once each, then finishes', async () => {
    clock.set('2024-01-31T07:00:00Z');
    const p = await payer();
    const created = await createOrder(p, { transfer: internal(p), frequency: 'monthly', startDate: '2024-01-31', count: 4 });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json();
    expect(order).toMatchObject({ status: 'Active', frequency: 'monthly', dayOfMonth: 31, count: 4, occurrencesMade: 1, nextRunDate: '2024-02-29', type: 'internal', amount: '10.00', currency: 'EUR', fromAccount: p.from.number, toAccount: p.to.number });
    // The first date is today: its occurrence is made at once and waits for the runner.
    expect(await occurrences(order.id)).toMatchObject([{ date: '2024-01-31', status: 'Scheduled' }]);

    await runDay('2024-01-31');
    await runDay('2024-02-15');
    await runDay('2024-02-29');
    await runDay('2024-03-31');
    await runDay('2024-04-29');
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([
      ['2024-01-31', 'Approved'], ['2024-02-29', 'Approved'], ['2024-03-31', 'Approved'],
    ]);
    await runDay('2024-04-30');
    await runDay('2024-05-31');
    const made = await occurrences(order.id);
    expect(made.map(({ date, status }) => [date, status])).toEqual([
      ['2024-01-31', 'Approved'], ['2024-02-29', 'Approved'], ['2024-03-31', 'Approved'], ['2024-04-30', 'Approved'],
    ]);
    expect(new Set(made.map((row) => row.number)).size).toBe(4);
    expect(await balanceOf(p.from)).toBe(100_000n - 4n * 1000n);
    expect(await balanceOf(p.to)).toBe(4n * 1000n);
    const listed = await context.app.inject({ method: 'GET', url: '/api/standing-orders', headers: p.client.headers });
    expect(listed.json().orders).toMatchObject([{ id: order.id, status: 'Finished', occurrencesMade: 4, nextRunDate: null }]);
  });
});

describe('weekly and quarterly', () => {
  it('makes every weekly date missed while the bank was down, in order, once each, and books each once', async () => {
    clock.set('2025-03-03T05:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p, '5.00'), frequency: 'weekly', startDate: '2025-03-05', endDate: '2025-03-26' })).json();
    expect(order).toMatchObject({ status: 'Active', dayOfMonth: null, nextRunDate: '2025-03-05', occurrencesMade: 0 });
    // Nothing runs before its date.
    await runDay('2025-03-04');
    expect(await occurrences(order.id)).toEqual([]);
    // Three weeks pass with every node down; the first run makes the three dates due, the runner books them.
    await runDay('2025-03-20');
    await runDay('2025-03-20');
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([
      ['2025-03-05', 'Approved'], ['2025-03-12', 'Approved'], ['2025-03-19', 'Approved'],
    ]);
    expect(await balanceOf(p.from)).toBe(100_000n - 3n * 500n);
    await runDay('2025-03-27');
    expect((await occurrences(order.id)).map(({ date }) => date)).toEqual(['2025-03-05', '2025-03-12', '2025-03-19', '2025-03-26']);
    const listed = (await context.app.inject({ method: 'GET', url: '/api/standing-orders', headers: p.client.headers })).json();
    expect(listed.orders[0]).toMatchObject({ status: 'Finished', occurrencesMade: 4 });
  });

  it('runs a quarterly order every three months on its day until its end date', async () => {
    clock.set('2025-01-10T07:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p), frequency: 'quarterly', dayOfMonth: 31, startDate: '2025-01-10', endDate: '2025-09-30' })).json();
    expect(order).toMatchObject({ nextRunDate: '2025-01-31', dayOfMonth: 31 });
    for (const date of ['2025-01-31', '2025-02-28', '2025-04-30', '2025-05-31', '2025-07-31', '2025-10-31']) await runDay(date);
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([
      ['2025-01-31', 'Approved'], ['2025-04-30', 'Approved'], ['2025-07-31', 'Approved'],
    ]);
  });
});

describe('pause, resume, cancel', () => {
  it('pause cancels the occurrence not yet run and stops the order; resume plans from today; cancel stops it for good', async () => {
    // Monday 2025-06-02, before the payments hour: today's occurrence is made but has not run.
    clock.set('2025-06-02T05:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p), frequency: 'weekly', startDate: '2025-06-02' })).json();
    expect(await occurrences(order.id)).toMatchObject([{ date: '2025-06-02', status: 'Scheduled' }]);

    const paused = await act(p.client, order.id, 'pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'Paused', nextRunDate: null });
    expect(await occurrences(order.id)).toMatchObject([{ date: '2025-06-02', status: 'Canceled' }]);
    expect((await act(p.client, order.id, 'pause')).statusCode).toBe(409);

    await runDay('2025-06-09');
    await runDay('2025-06-16');
    expect(await occurrences(order.id)).toHaveLength(1);
    expect(await balanceOf(p.from)).toBe(100_000n);

    // Resumed on a Wednesday: the dates it was paused over are skipped, the next is Monday the 23rd.
    clock.set('2025-06-18T09:00:00Z');
    const resumed = await act(p.client, order.id, 'resume');
    expect(resumed.json()).toMatchObject({ status: 'Active', nextRunDate: '2025-06-23' });
    expect((await act(p.client, order.id, 'resume')).statusCode).toBe(409);
    await runDay('2025-06-23');
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([['2025-06-02', 'Canceled'], ['2025-06-23', 'Approved']]);

    // Canceled before the payments hour of the 30th: its occurrence made that morning is canceled too.
    await runDay('2025-06-30', '05:00');
    const canceled = await act(p.client, order.id, 'cancel');
    expect(canceled.json()).toMatchObject({ status: 'Canceled', nextRunDate: null });
    for (const action of ['pause', 'resume', 'cancel'] as const) expect((await act(p.client, order.id, action)).statusCode).toBe(409);
    await runDay('2025-07-07');
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([
      ['2025-06-02', 'Canceled'], ['2025-06-23', 'Approved'], ['2025-06-30', 'Canceled'],
    ]);
    expect(await balanceOf(p.from)).toBe(100_000n - 1000n);
  });

  it('paused and resumed on the same day, does not make that day’s occurrence a second time', async () => {
    clock.set('2025-08-04T05:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p), frequency: 'weekly', startDate: '2025-08-04', count: 2 })).json();
    expect((await act(p.client, order.id, 'pause')).statusCode).toBe(200);
    const resumed = await act(p.client, order.id, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'Active', occurrencesMade: 1, nextRunDate: '2025-08-11' });
    await runDay('2025-08-11');
    expect((await occurrences(order.id)).map(({ date, status }) => [date, status])).toEqual([['2025-08-04', 'Canceled'], ['2025-08-11', 'Approved']]);
  });

  it('is 404 for another client, for every action', async () => {
    clock.set('2025-06-02T07:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p), frequency: 'monthly', startDate: '2025-07-01' })).json();
    const stranger = await createSignedInClient(context);
    for (const action of ['pause', 'resume', 'cancel'] as const) expect((await act(stranger, order.id, action)).statusCode).toBe(404);
    const theirs = await context.app.inject({ method: 'GET', url: '/api/standing-orders', headers: stranger.headers });
    expect(theirs.json()).toEqual({ orders: [] });
  });
});

describe('checks', () => {
  it('refuses a start in the past or beyond a year, an end date and a count together, and names the transfer’s own fields under transfer', async () => {
    clock.set('2025-06-02T07:00:00Z');
    const p = await payer();
    const base = { transfer: internal(p), frequency: 'monthly' };
    const past = await createOrder(p, { ...base, startDate: '2025-06-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ startDate: 'validation.date.past' });
    expect((await createOrder(p, { ...base, startDate: '2026-06-03' })).json().fields).toEqual({ startDate: 'validation.date.tooFar' });
    expect((await createOrder(p, { ...base, startDate: '2025-06-10', endDate: '2025-12-01', count: 3 })).json().fields).toEqual({ count: 'validation.count.endDateOrCount' });
    expect((await createOrder(p, { ...base, startDate: '2025-06-10', endDate: '2025-06-01' })).json().fields).toEqual({ endDate: 'validation.endDate.beforeStart' });
    const notMine = await createOrder(p, { ...base, startDate: '2025-06-10', transfer: { ...internal(p), accNumberFrom: p.to.number } });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().fields).toEqual({ 'transfer.accNumberFrom': 'validation.accNumberFrom.notFound' });
    const unknownField = await createOrder(p, { ...base, startDate: '2025-06-10', transfer: { ...internal(p), amount: 'abc' } });
    expect(unknownField.statusCode).toBe(400);
    expect(Object.keys(unknownField.json().fields)).toEqual(['transfer.amount']);
    const listed = await context.app.inject({ method: 'GET', url: '/api/standing-orders', headers: p.client.headers });
    expect(listed.json()).toEqual({ orders: [] });
  });

  it('makes one order for one Idempotency-Key, however often the request is sent', async () => {
    clock.set('2025-06-02T07:00:00Z');
    const p = await payer();
    const send = () =>
      context.app.inject({
        method: 'POST',
        url: '/api/standing-orders',
        headers: { ...p.client.headers, 'idempotency-key': 'standing-order-0001' },
        payload: { transfer: internal(p), frequency: 'weekly', startDate: '2025-06-02' },
      });
    const first = await send();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const listed = await context.app.inject({ method: 'GET', url: '/api/standing-orders', headers: p.client.headers });
    expect(listed.json().orders).toHaveLength(1);
    expect(await occurrences(first.json().id)).toHaveLength(1);
  });

  it('takes a transfer abroad, and its date field is the order’s own', async () => {
    clock.set('2025-06-02T07:00:00Z');
    const p = await payer();
    const abroad = { type: 'international', paymentRegions: 'SEPA', fromAccount: p.from.number, amount: '100.00', paymentDate: '2025-06-20', recipientDetails: TEST_RECIPIENT_DETAILS };
    const created = await createOrder(p, { transfer: abroad, frequency: 'monthly', dayOfMonth: 15, startDate: '2025-06-10', count: 2 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ type: 'international', toAccount: 'DE89370400440532013000', recipient: 'Hans Müller', nextRunDate: '2025-06-15', amount: '100.00' });
    await runDay('2025-06-15');
    expect(await occurrences(created.json().id)).toMatchObject([{ date: '2025-06-15', status: 'New' }]);
  });
});

describe('back office', () => {
  it('shows a client’s scheduled transfers and standing orders', async () => {
    clock.set('2025-06-02T07:00:00Z');
    const p = await payer();
    const order = (await createOrder(p, { transfer: internal(p), frequency: 'weekly', startDate: '2025-06-02' })).json();
    const operator = await createSignedInOperator(context, ['compliance']);
    const answer = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${p.client.id}/schedules`, headers: operator.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      scheduledTransfers: [{ date: '2025-06-02', type: 'internal', amount: '10.00', currency: 'EUR', fromAccount: p.from.number, toAccount: p.to.number, recipient: 'Payee Name', standingOrderId: order.id }],
      standingOrders: [{ id: order.id, status: 'Active' }],
    });
    expect((await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${p.client.id}/schedules`, headers: p.client.headers })).statusCode).toBe(401);
    const nobody = await context.app.inject({ method: 'GET', url: '/api/backoffice/clients/00000000-0000-4000-8000-000000000000/schedules', headers: operator.headers });
    expect(nobody.statusCode).toBe(404);
    const audited = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', p.client.id).where('action', '=', 'backoffice.schedulesViewed').execute();
    expect(audited).toHaveLength(1);
  });
});
