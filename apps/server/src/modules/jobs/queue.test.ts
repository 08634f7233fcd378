import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestContext, type TestContext } from '../../test/harness';
import { fixedClock } from './clock';
import { JobQueue, offerJob, type JobDefinition } from './queue';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the job queue', () => {
  it('runs a job offered in a transaction that commits, retries a failure, and never one whose transaction rolled back', async () => {
    context = await createTestContext();
    const { db } = context.deps;
    await sql`select pgboss.create_queue('test.echo', '{"policy":"standard","retryLimit":3,"retryDelay":0,"retryBackoff":false}'::json)`.execute(context.db);
    const ran: unknown[] = [];
    let failures = 0;
    const echo: JobDefinition<{ value: number }> = {
      name: 'test.echo',
      async run(_context, data) {
        if (data.value === 2 && failures++ === 0) throw new Error('the first attempt fails');
        ran.push(data.value);
      },
    };
    await db.transaction().execute((trx) => offerJob(trx, 'test.echo', { value: 1 }));
    await db.transaction().execute((trx) => offerJob(trx, 'test.echo', { value: 2 }));
    await db
      .transaction()
      .execute(async (trx) => {
        await offerJob(trx, 'test.echo', { value: 3 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const queue = new JobQueue(
      { db, config: context.config, clock: fixedClock('2026-11-25T12:00:00Z'), mailer: context.deps.mailer, log: pino({ level: 'silent' }) },
      [echo as JobDefinition<never>],
      { pollingIntervalSeconds: 0.5 },
    );
    await queue.start();
    try {
      await until(() => ran.length >= 2);
      expect(ran.sort()).toEqual([1, 2]);
      expect(failures).toBe(2);
    } finally {
      await queue.stop();
    }
  });
});
