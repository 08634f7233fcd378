// Proves the bank's time runs exactly once with two API nodes working one job queue: standing
// orders, payments dated ahead, holds that expire and the month's maintenance fee all fall due while
// nothing ran (the clock jumps weeks ahead, as after a long outage); both nodes start, each offering
// every sweep at its start, the sweeps are offered again and again from both, and every node's
// workers take what they can. Afterwards each occurrence is one transfer booked once, each dated
// payment booked once, each hold released once, each client charged once for the month, and each
// mail sent once by one of the nodes.
import { randomUUID } from 'node:crypto';
import type { Account } from '@bank/contracts';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db';
import { openTestAccount } from '../modules/accounts/test-support';
import { addCalendarDays, bankDateOf, fixedClock, monthDay, JobQueue, offerJob, type JobContext } from '../modules/jobs';
import { JOB_DEFINITIONS } from '../wiring/jobs';
import { findLedgerViolations } from '../modules/ledger';
import type { MailMessage } from '../lib/mailer';
import { RATES_REFRESH } from '../modules/rates';
import { TEST_RECIPIENT_DETAILS } from '../modules/transfers/test-support';
import { createSignedInClient, type TestClient } from './clients';
import { capturingMailer, createTestContext, type TestContext } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DATABASE_URL)('the job queue on two API nodes', () => {
  const now = new Date();
  const today = bankDateOf(now, 'UTC');
  const tomorrow = addCalendarDays(today, 1);
  // Ten days into next month: every weekly occurrence since tomorrow, every dated payment, every
  // hold made today (five banking days) and this month's maintenance fee are due at once.
  const later = `${addCalendarDays(monthDay(today, 1, 1), 10)}T12:00:00Z`;
  const clock = fixedClock(now);
  // The rates refresh would fetch from the network; what is tested here is the rest.
  const definitions = JOB_DEFINITIONS.filter((definition) => definition.name !== RATES_REFRESH);
  const sweeps = definitions.filter((definition) => definition.catchUpOnStart).map((definition) => definition.name);

  let context: TestContext;
  let second: DatabaseHandle;
  const mails: MailMessage[][] = [[], []];
  const queues: JobQueue[] = [];
  const payers: Array<{ client: TestClient; eur: Account }> = [];
  let payee: Account;

  beforeAll(async () => {
    const { time } = loadConfig({ NODE_ENV: 'test' });
    context = await createTestContext({ time: { ...time, ratesMaxAgeHours: 24 * 60 } }, { postgresOnly: true, clock });
    second = await openDatabase({ databaseUrl: context.databaseUrl, dataDir: 'memory://', poolSize: 10 });
    const payeeClient = await createSignedInClient(context);
    payee = await openTestAccount(context, payeeClient, 'EUR');
    for (let index = 0; index < 3; index += 1) {
      const client = await createSignedInClient(context);
      payers.push({ client, eur: await openTestAccount(context, client, 'EUR', '10000.00') });
    }
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await second?.close();
    await context?.close();
  });

  async function post(client: TestClient, url: string, payload: object) {
    const response = await context.app.inject({ method: 'POST', url, headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  async function count(query: ReturnType<typeof sql<{ total: string }>>): Promise<number> {
    const { rows } = await query.execute(context.db);
    return Number(rows[0]!.total);
  }

  it('books every occurrence, dated payment, expiry and fee that fell due once, whichever node takes it', { timeout: 240_000 }, async () => {
    for (const { client, eur } of payers) {
      for (let index = 0; index < 2; index += 1) {
        await post(client, '/api/standing-orders', {
          transfer: { type: 'internal', accNumberFrom: eur.number, accNumberTo: payee.number, amount: '1.00', reference: `order ${index}` },
          frequency: 'weekly',
          startDate: tomorrow,
        });
      }
      await post(client, '/api/transaction/create', { type: 'internal', accNumberFrom: eur.number, accNumberTo: payee.number, amount: '2.00', transferDate: tomorrow });
      await post(client, '/api/transaction/create', {
        type: 'international', paymentRegions: 'SWIFT', fromAccount: eur.number, amount: '100.00', purpose: 'Invoice', recipientDetails: TEST_RECIPIENT_DETAILS,
      });
    }
    const clientIds = payers.map(({ client }) => client.id);

    // Every node was down for weeks; both come back.
    clock.set(later);
    const log = pino({ level: 'silent' });
    const nodes: JobContext[] = [
      { db: context.deps.db, config: context.config, clock, mailer: capturingMailer(mails[0]!), log },
      { db: second.db, config: context.config, clock, mailer: capturingMailer(mails[1]!), log },
    ];
    for (const node of nodes) queues.push(new JobQueue(node, definitions, { pollingIntervalSeconds: 0.5 }));
    await Promise.all(queues.map((queue) => queue.start()));
    // The crons of both nodes offer the sweeps again while they run.
    await Promise.all(
      nodes.flatMap((node) => [0, 1, 2].map(() => node.db.transaction().execute(async (trx) => {
        for (const name of sweeps) await offerJob(trx, name);
      }))),
    );

    const occurrenceDates: string[] = [];
    for (let date = tomorrow; date <= bankDateOf(new Date(later), 'UTC'); date = addCalendarDays(date, 7)) occurrenceDates.push(date);
    const expectedOccurrences = payers.length * 2 * occurrenceDates.length;

    const settled = async () => {
      const occurrences = await count(sql<{ total: string }>`
        select count(*)::text as total from operations where (details #>> '{schedule,standingOrderId}') is not null and status = 'Approved' and client_id = any(${clientIds}::uuid[])`);
      const waiting = await count(sql<{ total: string }>`
        select count(*)::text as total from operations where client_id = any(${clientIds}::uuid[]) and status in ('Scheduled', 'New', 'Processing')`);
      const charged = await count(sql<{ total: string }>`select count(*)::text as total from maintenance_charges where client_id = any(${clientIds}::uuid[])`);
      const busy = await count(sql<{ total: string }>`
        select count(*)::text as total from pgboss.job where state in ('created', 'retry', 'active') and name = any(${definitions.map((definition) => definition.name)}::text[])`);
      return occurrences === expectedOccurrences && waiting === 0 && charged === payers.length && busy === 0;
    };
    const until = Date.now() + 200_000;
    while (!(await settled())) {
      if (Date.now() > until) break;
      await sleep(500);
    }

    // Each standing order: one transfer per date, booked once.
    const { rows: perOccurrence } = await sql<{ order_id: string; occurrence_date: string; transfers: string; entries: string }>`
      select t.details #>> '{schedule,standingOrderId}' as order_id, t.details #>> '{schedule,occurrenceDate}' as occurrence_date, count(*)::text as transfers,
        sum((select count(*) from journal_entries j where j.transfer_id = t.id))::text as entries
      from operations t where (t.details #>> '{schedule,standingOrderId}') is not null and t.client_id = any(${clientIds}::uuid[])
      group by 1, 2`.execute(context.db);
    expect(perOccurrence).toHaveLength(expectedOccurrences);
    expect(perOccurrence.filter((row) => row.transfers !== '1' || row.entries !== '1')).toEqual([]);
    expect(new Set(perOccurrence.map((row) => row.occurrence_date))).toEqual(new Set(occurrenceDates));

    // Each payment dated tomorrow: booked once.
    const { rows: dated } = await sql<{ status: string; entries: string }>`
      select t.status, (select count(*) from journal_entries j where j.transfer_id = t.id)::text as entries
      from operations t where t.kind = 'internal' and (t.details #>> '{schedule,standingOrderId}') is null and t.client_id = any(${clientIds}::uuid[])`.execute(context.db);
    expect(dated).toEqual(payers.map(() => ({ status: 'Approved', entries: '1' })));

    // Each transfer abroad: expired, its hold released, once; and its client mailed once, by one node.
    const { rows: expired } = await sql<{ status: string; hold: string }>`
      select t.status, h.status as hold from operations t join ledger_holds h on h.id = (t.details ->> 'holdId')::uuid
      where t.kind = 'international' and t.client_id = any(${clientIds}::uuid[])`.execute(context.db);
    expect(expired).toEqual(payers.map(() => ({ status: 'Expired', hold: 'released' })));
    const { rows: releases } = await sql<{ total: string }>`
      select count(*)::text as total from audit_log where action = 'transfer.expired' and subject_id in (
        select id::text from operations where kind = 'international' and client_id = any(${clientIds}::uuid[]))`.execute(context.db);
    expect(releases[0]!.total).toBe(String(payers.length));

    // This month's maintenance fee: charged once per client, 30 EUR from the EUR account.
    const { rows: fees } = await sql<{ client_id: string; paid: string; rows: string }>`
      select c.client_id, c.paid_eur::text as paid,
        (select count(*) from operations f where f.client_id = c.client_id and f.kind = 'fee')::text as rows
      from maintenance_charges c where c.client_id = any(${clientIds}::uuid[])`.execute(context.db);
    expect(fees.map((row) => [row.paid, row.rows])).toEqual(payers.map(() => ['30.00', '1']));

    // Every mail was sent once, by one node or the other.
    const delivered = [...mails[0]!, ...mails[1]!];
    const { rows: outbox } = await sql<{ total: string; waiting: string }>`
      select count(*)::text as total, count(*) filter (where delivered_at is null)::text as waiting from outgoing_mail`.execute(context.db);
    expect(outbox[0]!.waiting).toBe('0');
    expect(delivered).toHaveLength(Number(outbox[0]!.total));
    expect(mails[0]!.length > 0 || mails[1]!.length > 0).toBe(true);

    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
