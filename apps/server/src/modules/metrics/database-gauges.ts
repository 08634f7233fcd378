import { sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ConnectionCounts, Db } from '../../db';
import { readJobQueueStats, type JobQueueStats } from '../jobs';
import { readLastInvariantCheck, type InvariantCheck } from '../ledger';

/** What the scrape reads the database through: the app's own connection and its pool's counts. */
export interface MetricsSource {
  db: Db;
  connections(): ConnectionCounts;
}

/**
 * How long a scrape may spend on the database: its statements are cancelled after this, and the
 * scrape answers without the database's figures after a little more (a pool with no connection
 * free), well inside Prometheus's 10 s scrape time-out.
 */
export const SCRAPE_DATABASE_TIMEOUT_MS = 2_000;

interface DatabaseFigures {
  queues: JobQueueStats[];
  invariants: InvariantCheck | null;
}

/**
 * The gauges read from the database at each scrape: the pool's connections (from the pool itself,
 * no query), the job queue's depth, failures and lag, and the last invariant check, these two in
 * one short read-only transaction whose statements PostgreSQL cancels at the bound. A read that
 * fails or is too slow leaves those gauges empty for that scrape (a gap, never a stale figure)
 * and counts in bank_metrics_database_read_failures_total.
 */
export class DatabaseGauges {
  private readonly queueDepth: Gauge<'queue'>;
  private readonly queueFailed: Gauge<'queue'>;
  private readonly queueLag: Gauge<'queue'>;
  private readonly invariantViolations: Gauge;
  private readonly invariantsChecked: Gauge;
  private readonly readFailures: Counter;
  /** The read under way: scrapes that arrive meanwhile share it. */
  private reading: Promise<void> | undefined;
  /**
   * The database's part of it, which may outlive a scrape that gave up on it (a query waiting for a
   * connection): the next scrape waits for it again rather than queueing another behind it.
   */
  private figures: Promise<DatabaseFigures> | undefined;

  constructor(
    registry: Registry,
    private readonly source: MetricsSource,
  ) {
    const registers = [registry];
    new Gauge({
      name: 'bank_db_pool_connections',
      help: "The database pool's connections: total open, idle, and queries waiting for one (PGlite: total 1 only)",
      labelNames: ['state'],
      registers,
      collect() {
        const counts = source.connections();
        this.reset();
        this.set({ state: 'total' }, counts.total);
        if (counts.idle !== undefined) this.set({ state: 'idle' }, counts.idle);
        if (counts.waiting !== undefined) this.set({ state: 'waiting' }, counts.waiting);
      },
    });
    this.queueDepth = new Gauge({ name: 'bank_jobs_queue_depth', help: 'Jobs due now and not started (created or to retry), by queue', labelNames: ['queue'], registers });
    this.queueFailed = new Gauge({ name: 'bank_jobs_failed', help: 'Jobs failed for good (retries spent) in the last hour, by queue', labelNames: ['queue'], registers });
    this.queueLag = new Gauge({ name: 'bank_jobs_lag_seconds', help: 'How long the oldest due job not yet started has waited, by queue', labelNames: ['queue'], registers });
    this.invariantViolations = new Gauge({
      name: 'bank_ledger_invariant_violations',
      help: "Rows breaking the ledger's invariants at the last scheduled check (ledger.check-invariants)",
      registers,
    });
    this.invariantsChecked = new Gauge({
      name: 'bank_ledger_invariants_checked_timestamp_seconds',
      help: "When the ledger's invariants were last checked (Unix time; 0: never)",
      registers,
    });
    this.readFailures = new Counter({
      name: 'bank_metrics_database_read_failures_total',
      help: "Scrapes that could not read the job queue's and the invariant check's figures in time",
      registers,
    });
  }

  /** Reads the database's figures into the gauges; never throws. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    let figures: DatabaseFigures;
    try {
      // A pool with requests already waiting for a connection is not given one more to wait.
      if (!this.figures && (this.source.connections().waiting ?? 0) > 0) throw new Error('The pool is saturated');
      this.figures ??= readFigures(this.source.db).finally(() => {
        this.figures = undefined;
      });
      figures = await withinBound(this.figures, SCRAPE_DATABASE_TIMEOUT_MS + 500);
    } catch {
      this.readFailures.inc();
      for (const gauge of [this.queueDepth, this.queueFailed, this.queueLag]) gauge.reset();
      // A gauge without labels shows 0 after a reset; removing its one series leaves it out.
      for (const gauge of [this.invariantViolations, this.invariantsChecked]) gauge.remove({});
      return;
    }
    for (const gauge of [this.queueDepth, this.queueFailed, this.queueLag]) gauge.reset();
    for (const { queue, due, failedLastHour, lagSeconds } of figures.queues) {
      this.queueDepth.set({ queue }, due);
      this.queueFailed.set({ queue }, failedLastHour);
      this.queueLag.set({ queue }, lagSeconds);
    }
    this.invariantViolations.set(figures.invariants?.violations ?? 0);
    this.invariantsChecked.set(figures.invariants ? figures.invariants.checkedAt.getTime() / 1000 : 0);
  }
}

async function readFigures(db: Db): Promise<DatabaseFigures> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`select set_config('statement_timeout', ${String(SCRAPE_DATABASE_TIMEOUT_MS)}, true)`.execute(trx);
    return { queues: await readJobQueueStats(trx), invariants: await readLastInvariantCheck(trx) };
  });
}

/** The promise's value, or a rejection once `ms` have passed (the work itself goes on and is dropped). */
function withinBound<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database read took too long')), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
