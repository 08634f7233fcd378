import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Mailer } from '../../lib/mailer';
import type { BankClock } from './clock';

/**
 * The job queue (docs/time.md): pg-boss, on the bank's own database. Its schema and queues come from
 * migrations (0077 on), run by the owner like the rest. pg-boss reaches the database through our
 * Kysely, not a pool of its own: on embedded PGlite it then takes its turn on the one connection
 * (pg-boss polls and never holds a LISTEN session, which is why it, not graphile-worker, runs there),
 * and a job can be offered inside the transaction of the act that causes it.
 */
export function executorOf(db: Db, log?: Logger): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>; settled(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  async function execute(text: string, values: unknown[] | undefined): Promise<{ rows: unknown[] }> {
    try {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    } catch (error) {
      if (!log || !UNAWAITED_STATEMENTS.has(text)) throw error;
      log.warn({ err: error }, 'job queue could not record the end of a job; it runs again after its expiry');
      // What the statement answers when it changes no job: pg-boss reads the count of the first row.
      return { rows: [{ count: '0' }] };
    }
  }
  return {
    executeSql(text, values) {
      const statement = execute(text, values);
      inFlight.add(statement);
      void statement.then(
        () => inFlight.delete(statement),
        () => inFlight.delete(statement),
      );
      return statement;
    },
    /** Resolves once every statement sent so far has ended, so the database may close after it. */
    async settled() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * pg-boss 10's worker records a job's end (complete, or failed) without awaiting it, so a
 * connection lost at that moment would be an unhandled rejection, which ends a Node process. Those
 * two statements are logged instead when they fail: the job stays active until it expires and is
 * then offered again, which every job allows (each run does only what is still due).
 */
const bossPlans = createRequire(import.meta.url)('pg-boss/src/plans') as Record<'completeJobs' | 'failJobsById', (schema: string) => string>;
const UNAWAITED_STATEMENTS = new Set([bossPlans.completeJobs('pgboss'), bossPlans.failJobsById('pgboss')]);

/** What a job is given: the app's database and services, and the clock it must read the time from. */
export interface JobContext {
  db: Db;
  config: Config;
  clock: BankClock;
  mailer: Mailer;
  log: Logger;
}

/**
 * One kind of job: a queue of that name (created by a migration) and what a job of it does. Every
 * run must be idempotent: a job is retried after a failure, and a sweep may be offered twice (the
 * cron and a start's catch-up), so each does only what is still due, under row locks.
 */
export interface JobDefinition<Data = Record<string, unknown>> {
  name: string;
  /** A cron expression in the bank's time zone: when the queue offers the job by itself. */
  cron?: string;
  /** Offered once at every start too, so what fell due while every node was down runs at once. */
  catchUpOnStart?: boolean;
  /**
   * How many of this queue's jobs one node runs at once (1 unless set). Each is a worker of its own
   * that, having found a job, looks for the next one at once rather than after its interval.
   */
  inFlightPerNode?: number;
  run(context: JobContext, data: Data): Promise<void>;
}

/** Sends only, through the connection it is handed; never started, it holds nothing open. */
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('jobs are offered through a transaction')) } });

/**
 * Offers a job in the caller's transaction: it exists, and will run, only if that transaction
 * commits. `startAfter` delays it; of the jobs of one queue that are due, those of higher
 * `priority` (0 unless given) are taken first.
 */
export async function offerJob(trx: Db, name: string, data: object = {}, options: { startAfter?: Date; priority?: number } = {}): Promise<void> {
  await sender.send(name, data, { ...options, db: executorOf(trx) });
}

/** The workers of one node: every definition's queue worked here, its cron kept, its catch-up offered. */
export class JobQueue {
  private boss: PgBoss | undefined;
  private executor: ReturnType<typeof executorOf> | undefined;

  constructor(
    private readonly context: JobContext,
    private readonly definitions: readonly JobDefinition<never>[],
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {}

  async start(): Promise<void> {
    this.executor = executorOf(this.context.db, this.context.log);
    const boss = new PgBoss({ db: this.executor, migrate: false, supervise: true, schedule: true });
    boss.on('error', (error) => this.context.log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 1;
    for (const definition of this.definitions) {
      if ((definition.inFlightPerNode ?? 1) > 1) await this.workSideBySide(boss, definition, pollingIntervalSeconds);
      else {
        await boss.work(definition.name, { pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await definition.run(this.context, job.data as never);
        });
      }
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: this.context.config.time.zone });
      if (definition.catchUpOnStart) await boss.send(definition.name, {});
    }
  }

  /**
   * Several workers on one queue, each taking one job at a time, so that a slow job (a mail server
   * that answers slowly) holds up only its own worker. A worker that finds a job looks for the next
   * one at once rather than after its interval, and wakes the worker after it: under a burst they join
   * in one after another within milliseconds, and the queue is worked as fast as its jobs go.
   */
  private async workSideBySide(boss: PgBoss, definition: JobDefinition<never>, pollingIntervalSeconds: number): Promise<void> {
    const count = definition.inFlightPerNode!;
    const workerIds: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const id = await boss.work(definition.name, { pollingIntervalSeconds }, async (jobs) => {
        for (const worker of [workerIds[index], workerIds[(index + 1) % count]]) if (worker) boss.notifyWorker(worker);
        for (const job of jobs) await definition.run(this.context, job.data as never);
      });
      workerIds.push(id);
    }
  }

  /**
   * Stops taking jobs, waits a while for those running, then for the statements that record their
   * ends (pg-boss sends them without awaiting them), so none is still running when the database closes.
   */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    await this.executor?.settled();
  }
}
