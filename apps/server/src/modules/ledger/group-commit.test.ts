// Proves the group commit every money-moving request writes through: jobs in flight share database
// transactions, yet each has its own idempotency record and answer and succeeds or fails on its own;
// an answer comes only once its write has committed; the batches it plans (batch-plan.ts, whose rules
// batch-plan.test.ts proves one by one) are the ones it writes, and batches in flight never share a
// resource; and HTTP transfers really go through it. Flushes are held and let go by the tests
// themselves, never by waiting for a clock.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { AppError } from '../../lib/errors';
import { registerErrorHandling } from '../../lib/error-handler';
import { BUSY_RETRY_AFTER_SECONDS, eachInSavepoint, GroupCommit, HTTP_GROUP_COMMIT, OVERLAP_AFTER_MS, type MoneyWriteKind } from './group-commit';
import { findLedgerViolations } from './invariants';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
  await sql`create table group_commit_probe (id text primary key)`.execute(context.db);
});
afterAll(() => context.close());

const owner = randomUUID();
const claim = (key: string, hash = 'same request') => ({ ownerId: owner, key, hash });

/** A job writing one probe row in its savepoint, or refused when its id says so. */
const probe = (id: string, resources: string[] = [id]) => ({
  kind: eachInSavepoint,
  resources,
  item: async (trx: typeof context.db) => {
    await trx.insertInto('group_commit_probe' as never).values({ id } as never).execute();
    if (id.startsWith('refused')) throw new AppError('INSUFFICIENT_FUNDS');
    return { status: 200, body: { id } };
  },
});

const probeRows = async () =>
  (await sql<{ id: string }>`select id from group_commit_probe order by id`.execute(context.db)).rows.map((row) => row.id);

/**
 * The group commit forms its batches on the next turn of the event loop after a submission, so
 * waiting one turn returns once they have been formed, each flush started and its resources in flight.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise and what fulfils it: a flush held until the test lets it go, as by a database that stalls. */
function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((fulfil) => {
    resolve = fulfil;
  });
  return { promise, resolve };
}

/** Records the size of each batch as the group commit starts it, before any of it is written. */
function batchSizes(writer: GroupCommit): number[] {
  const sizes: number[] = [];
  writer.observe({ batchStarted: (jobs) => sizes.push(jobs), batchEnded: () => undefined, jobRefused: () => undefined });
  return sizes;
}

/** Batches by the name of their first job: flushes in flight may reach the database in any order. */
const inAnyOrder = (batches: string[][]) => [...batches].sort((a, b) => a[0]!.localeCompare(b[0]!));

/** A written job's result, for the kinds of these tests whose answer does not matter. */
const written = { ok: true as const, answer: { status: 200, body: null } };

describe('GroupCommit', () => {
  it('writes concurrent jobs in shared transactions, each answered or refused on its own', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    const ids = ['a1', 'refused-1', 'a2', 'a3', 'refused-2', 'a4'];
    const results = await Promise.allSettled(ids.map((id) => writer.submit(probe(id))));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: { status: 200, body: { id: 'a1' }, replayed: false } });
    expect(results[1]).toMatchObject({ reason: { code: 'INSUFFICIENT_FUNDS' } });
    // The refused jobs' writes were rolled back to their savepoints; the others' committed together.
    expect(await probeRows()).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(writer.committed).toEqual({ transactions: 1, jobs: 6 });
  });

  it('tells its observer how long each batch took, once per batch, answered or refused', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    const started: number[] = [];
    const ended: number[] = [];
    writer.observe({ batchStarted: (jobs) => started.push(jobs), batchEnded: (seconds) => ended.push(seconds), jobRefused: () => undefined });
    await Promise.allSettled(['t1', 'refused-t2', 't3'].map((id) => writer.submit(probe(id))));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toHaveLength(started.length);
    expect(started.reduce((sum, jobs) => sum + jobs, 0)).toBe(3);
    for (const seconds of ended) expect(seconds).toBeGreaterThanOrEqual(0);
  });

  it('answers only after the transaction has committed', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    let committedWhenAnswered: boolean | undefined;
    const answered = writer.submit(probe('b1')).then(async () => {
      // Another connection's view: only committed rows.
      committedWhenAnswered = (await probeRows()).includes('b1');
    });
    await answered;
    expect(committedWhenAnswered).toBe(true);
  });

  it('keeps a job that breaks the transaction from failing the others in its batch', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    const broken: MoneyWriteKind<string> = {
      name: 'broken',
      async settle(trx, items) {
        // Not a client's mistake: a statement the database refuses, which aborts the transaction.
        await sql`select 1 / 0`.execute(trx);
        return items.map(() => ({ ok: true, answer: { status: 200, body: null } }));
      },
    };
    const results = await Promise.allSettled([writer.submit(probe('c1')), writer.submit({ kind: broken, item: 'x', resources: ['x'] }), writer.submit(probe('c2'))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await probeRows()).toEqual(expect.arrayContaining(['c1', 'c2']));
  });

  it('records each job’s idempotency key: a repeat replays, another request is a 409, a refusal gives the key back', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 2 });
    const [first, repeat, other] = await Promise.allSettled([
      writer.submit({ ...probe('d1'), idempotency: claim('key-d') }),
      writer.submit({ ...probe('d1-again'), idempotency: claim('key-d') }),
      writer.submit({ ...probe('d2'), idempotency: claim('key-d', 'another request') }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { body: { id: 'd1' }, replayed: false } });
    // The same key never runs in two flushes at once, so the repeat finds the first answer stored.
    expect(repeat).toMatchObject({ status: 'fulfilled', value: { body: { id: 'd1' }, replayed: true } });
    expect(other).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect((await probeRows()).filter((id) => id.startsWith('d'))).toEqual(['d1']);

    await expect(writer.submit({ ...probe('refused-e'), idempotency: claim('key-e') })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(writer.submit({ ...probe('e1'), idempotency: claim('key-e') })).resolves.toMatchObject({ body: { id: 'e1' }, replayed: false });
    const keys = await context.db.selectFrom('idempotency_keys').select(['key', 'response_status']).where('client_id', '=', owner).orderBy('key').execute();
    expect(keys).toEqual([
      { key: 'key-d', response_status: 200 },
      { key: 'key-e', response_status: 200 },
    ]);
  });

  it('gives a refusal’s key back whatever the refusal, even a conflict of the job’s own', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 1 });
    let booked = false;
    const booking = () => ({
      kind: eachInSavepoint,
      resources: ['booking'],
      idempotency: claim('key-f'),
      item: async () => {
        // Refused the first time as already done elsewhere (like a deposit hash booked before).
        if (!booked) {
          booked = true;
          throw new AppError('CONFLICT', { message: 'Already booked' });
        }
        return { status: 200, body: { booked: true } };
      },
    });
    await expect(writer.submit(booking())).rejects.toMatchObject({ code: 'CONFLICT', message: 'Already booked' });
    // The same key and request run afresh: nothing was kept for the refused one.
    await expect(writer.submit(booking())).resolves.toMatchObject({ body: { booked: true }, replayed: false });
  });

  it('gives everyone else the last free transaction while busy accounts have long queues', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 50, maxConcurrentFlushes: 2 });
    const sizes = batchSizes(writer);
    const batches: string[][] = [];
    const recording: MoneyWriteKind<string> = {
      name: 'recording',
      async settle(_trx, items) {
        batches.push([...items]);
        return items.map(() => written);
      },
    };
    const submit = (name: string, resource: string) => writer.submit({ kind: recording, item: name, resources: [resource] });
    // Two accounts, each with more than enough jobs waiting to count as busy, and a job elsewhere
    // submitted after them, all within one turn: the batches are planned together on the next.
    const hot1 = Array.from({ length: 10 }, (_, index) => `hot-1-${index}`);
    const hot2 = Array.from({ length: 10 }, (_, index) => `hot-2-${index}`);
    const submitted = hot1.flatMap((name, index) => [submit(name, 'hot-1'), submit(hot2[index]!, 'hot-2')]);
    submitted.push(submit('cold', 'cold'));
    await Promise.all(submitted);
    // The first busy account took a transaction of its own. The second did not take the last free
    // one for itself alone, which would have left the job elsewhere waiting for a flush to finish.
    expect(sizes).toEqual([10, 11]);
    expect(inAnyOrder(batches)).toEqual([hot1, [...hot2, 'cold']]);
    expect(writer.committed).toEqual({ transactions: 2, jobs: 21 });
  });

  it('never lets two batches in flight share a resource, and batches a busy one on its own', async () => {
    const gate = deferred();
    const inFlight = new Set<string>();
    let overlaps = 0;
    const batches: string[][] = [];
    const held: MoneyWriteKind<{ name: string; resources: string[] }> = {
      name: 'held',
      async settle(trx, items) {
        const resources = new Set(items.flatMap((item) => item.resources));
        for (const resource of resources) {
          if (inFlight.has(resource)) overlaps += 1;
          inFlight.add(resource);
        }
        batches.push(items.map((item) => item.name));
        await gate.promise;
        for (const { name } of items) await trx.insertInto('group_commit_probe' as never).values({ id: `shared-${name}` } as never).execute();
        for (const resource of resources) inFlight.delete(resource);
        return items.map(() => written);
      },
    };
    const writer = new GroupCommit(context.db, { maxBatch: 50, maxConcurrentFlushes: 3 });
    const sizes = batchSizes(writer);
    const submit = (name: string, resources: string[]) => writer.submit({ kind: held, item: { name, resources }, resources });

    // A first batch in flight, writing R0 and R1, held at the gate.
    const submitted = [submit('first', ['R0', 'R1'])];
    await nextTurn();
    expect(sizes).toEqual([1]);
    // Then within one turn: a job on R1 and another behind it on R2, a busy account's jobs, and a
    // job elsewhere.
    submitted.push(submit('after-first', ['R1', 'R2']));
    const busy = Array.from({ length: 8 }, (_, index) => `busy-${index}`);
    for (const name of busy) submitted.push(submit(name, ['BUSY']));
    submitted.push(submit('behind', ['R2']), submit('elsewhere', ['R3']));
    await nextTurn();
    // The busy account's jobs took a transaction of their own and the job elsewhere the last free
    // one, while the job on R1, and the one behind it on R2, wait for the first batch to commit.
    expect(sizes).toEqual([1, 8, 1]);
    expect(writer.waitingJobs).toBe(2);

    gate.resolve();
    await Promise.all(submitted);
    expect(sizes).toEqual([1, 8, 1, 2]);
    expect(overlaps).toBe(0);
    expect(inAnyOrder(batches)).toEqual([['after-first', 'behind'], busy, ['elsewhere'], ['first']]);
    expect((await probeRows()).filter((id) => id.startsWith('shared-'))).toHaveLength(12);
  });
});

/** A kind whose batches wait for `open()`: a flush held as by a database that stalls. */
function gatedKind(): { kind: MoneyWriteKind<string>; open(): void } {
  const gate = deferred();
  const kind: MoneyWriteKind<string> = {
    name: 'gated',
    async settle(trx, items) {
      await gate.promise;
      for (const id of items) await trx.insertInto('group_commit_probe' as never).values({ id } as never).execute();
      return items.map((id) => ({ ok: true, answer: { status: 200, body: { id } } }));
    },
  };
  return { kind, open: gate.resolve };
}

describe('one transaction at a time, a second beside a slow one', () => {
  it('starts no transaction beside one that has not run overlapAfterMs: what arrives meanwhile waits for the next batch', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 2, overlapAfterMs: 60_000 });
    const sizes = batchSizes(writer);
    const { kind, open } = gatedKind();
    const submit = (id: string) => writer.submit({ kind, item: id, resources: [id] });
    const first = submit('lane-1');
    await nextTurn();
    // Disjoint resources, a free transaction by the limit, and still they wait while the first is young.
    const later = [submit('lane-2'), submit('lane-3')];
    await nextTurn();
    expect(sizes).toEqual([1]);
    expect(writer.waitingJobs).toBe(2);
    open();
    await Promise.all([first, ...later]);
    // Both went in one batch once the first had committed.
    expect(sizes).toEqual([1, 2]);
    expect((await probeRows()).filter((id) => id.startsWith('lane-'))).toEqual(['lane-1', 'lane-2', 'lane-3']);
  });

  // On PostgreSQL only: on PGlite's one connection the held transaction would hold the second too.
  it.runIf(onPostgres)('starts a second transaction beside one held past overlapAfterMs, so a stalled batch holds up no one else', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 16, maxConcurrentFlushes: 2, overlapAfterMs: 20 });
    const sizes = batchSizes(writer);
    const { kind, open } = gatedKind();
    const stalled = writer.submit({ kind, item: 'stalled-1', resources: ['stalled-1'] });
    await nextTurn();
    const other = writer.submit(probe('beside-1'));
    // Waits on the planner's own wake-up, not on a time this test chooses.
    await expect(other).resolves.toMatchObject({ body: { id: 'beside-1' } });
    expect(sizes).toEqual([1, 1]);
    expect((await probeRows()).filter((id) => id.startsWith('stalled-'))).toEqual([]);
    open();
    await stalled;
    expect((await probeRows()).filter((id) => id.startsWith('stalled-'))).toEqual(['stalled-1']);
  });

  it('is the server’s setting: a second transaction only beside a slow one', () => {
    expect(HTTP_GROUP_COMMIT).toMatchObject({ maxConcurrentFlushes: 2, overlapAfterMs: OVERLAP_AFTER_MS });
  });

  it('refuses an overlap that is not a finite number of milliseconds, at least 0', () => {
    for (const overlapAfterMs of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new GroupCommit(context.db, { maxBatch: 1, maxConcurrentFlushes: 2, overlapAfterMs })).toThrow(/overlap/);
    }
    expect(() => new GroupCommit(context.db, { maxBatch: 1, maxConcurrentFlushes: 2, overlapAfterMs: 0 })).not.toThrow();
  });
});

describe('the bound on waiting jobs', () => {
  it('refuses a job at once with 503 BUSY and Retry-After when the queue is full, and loses none of those queued', async () => {
    const refusals: number[] = [];
    const writer = new GroupCommit(context.db, { maxBatch: 1, maxConcurrentFlushes: 1, maxWaitingJobs: 2 });
    writer.observe({ batchStarted: () => undefined, batchEnded: () => undefined, jobRefused: () => refusals.push(1) });
    const { kind, open } = gatedKind();
    const submit = (id: string) => writer.submit({ kind, item: id, resources: [id] });
    const inFlight = submit('bound-1');
    // The first job's batch is taken on the next turn and then held at the gate.
    await nextTurn();
    expect(writer.waitingJobs).toBe(0);
    const queued = [submit('bound-2'), submit('bound-3')];
    expect(writer.waitingJobs).toBe(2);

    // Through the server's own error handler, as a money route answers it.
    const app = Fastify();
    registerErrorHandling(app);
    app.post('/write', async () => (await submit('bound-refused')).body);
    const answer = await app.inject({ method: 'POST', url: '/write' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(answer.json()).toMatchObject({ code: 'BUSY', details: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS } });
    expect(refusals).toHaveLength(1);
    expect(writer.waitingJobs).toBe(2);

    open();
    const answers = await Promise.all([inFlight, ...queued]);
    expect(answers.map((written) => written.body)).toEqual([{ id: 'bound-1' }, { id: 'bound-2' }, { id: 'bound-3' }]);
    expect((await probeRows()).filter((id) => id.startsWith('bound'))).toEqual(['bound-1', 'bound-2', 'bound-3']);
    // Room again: the next job is taken.
    await expect(submit('bound-4')).resolves.toMatchObject({ body: { id: 'bound-4' } });
    await app.close();
  });
});

describe('POST /api/transaction/create through the group commit', () => {
  it('shares transactions among concurrent transfers, each answered on its own', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const source = await openTestAccount(context, payer, 'EUR', '10.00');
    const target = await openTestAccount(context, payee, 'EUR');
    const before = { ...context.app.money.committed };
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const send = (key: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/transaction/create',
        headers: { ...payer.headers, 'idempotency-key': key },
        payload: { type: 'internal', accNumberFrom: source.number, accNumberTo: target.number, amount: '0.50' },
      });
    const answers = await Promise.all(keys.map(send));
    const statuses = answers.map((answer) => answer.statusCode);
    // 10.00 pays twenty transfers of 0.50: exactly those succeed, the rest are refused for funds.
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    const transactions = context.app.money.committed.transactions - before.transactions;
    expect(context.app.money.committed.jobs - before.jobs).toBe(30);
    expect(transactions).toBeLessThan(30);
    expect(await listedAccount(context, payee, target.number)).toMatchObject({ balance: '10.00' });

    // Repeating every request moves nothing more: the written ones replay their answer, the refused
    // ones (their keys given back) are refused again, for funds.
    const again = await Promise.all(keys.map(send));
    expect(again.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(20);
    expect(again.filter((answer) => answer.statusCode === 422)).toHaveLength(10);
    expect(await listedAccount(context, payer, source.number)).toMatchObject({ balance: '0.00' });
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  // On PostgreSQL only: on PGlite's one connection the held flush would hold the request too.
  it.runIf(onPostgres)('answers a transfer 503 BUSY with Retry-After while the server’s queue is full, writing nothing', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const source = await openTestAccount(context, payer, 'EUR', '10.00');
    const target = await openTestAccount(context, payee, 'EUR');
    const { kind, open } = gatedKind();
    const { maxBatch, maxConcurrentFlushes, maxWaitingJobs } = HTTP_GROUP_COMMIT;
    const submit = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => context.app.money.submit({ kind, item: `${prefix}-${index}`, resources: [`${prefix}-${index}`] }));
    let refused;
    let held: Array<Promise<unknown>> = [];
    try {
      // Every transaction in flight held at the gate with a full batch, then the queue filled behind them.
      held = submit(maxBatch * maxConcurrentFlushes, 'full-in-flight');
      // The second transaction opens once the first has run OVERLAP_AFTER_MS, held as it is.
      await vi.waitFor(() => expect(context.app.money.waitingJobs).toBe(0), { timeout: 10_000 });
      held.push(...submit(maxWaitingJobs!, 'full-waiting'));
      expect(context.app.money.waitingJobs).toBe(maxWaitingJobs);
      refused = await context.app.inject({
        method: 'POST',
        url: '/api/transaction/create',
        headers: { ...payer.headers, 'idempotency-key': randomUUID() },
        payload: { type: 'internal', accNumberFrom: source.number, accNumberTo: target.number, amount: '1.00' },
      });
    } finally {
      open();
    }
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(refused.json()).toMatchObject({ code: 'BUSY' });
    expect(await Promise.all(held)).toHaveLength(held.length);
    expect(await listedAccount(context, payer, source.number)).toMatchObject({ balance: '10.00' });
  });
});
