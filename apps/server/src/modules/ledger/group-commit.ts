import { sql } from 'kysely';
import type { Db } from '../../db';
import { isDatabaseUnavailable } from '../../db';
import { AppError } from '../../lib/errors';
import { BUSY_RESOURCE_JOBS, openLanes, planBatch, type BatchLimits, type PlannedJob } from './batch-plan';
import { inMoneyTransaction, retryingMoneyWrite } from './transaction';

/**
 * Group commit: the one way money is written. Every money-moving request (transfers, exchanges,
 * crypto transfers, the card network's authorisations, the back office's bookings) is a job
 * submitted here; the jobs in flight share database transactions, up to `maxBatch` per
 * transaction and `maxConcurrentFlushes` transactions at a time. Each job still has its own
 * idempotency record and its own answer, and succeeds or fails on its own: one payer's insufficient
 * funds never fails another's transfer. A job's answer is given only after the transaction that
 * wrote it has committed.
 *
 * Why: a commit waits for the disk, and a transaction that touches a busy account holds its balance
 * row until it commits, so throughput is (writes per transaction) / (transaction time). Gathering
 * the jobs that arrive while a transaction is in flight makes the next one carry all of them for
 * about the same time. Under light load a batch is a single job and nothing waits.
 *
 * Jobs of one kind settle together through their kind's `settle`, which may write the whole group
 * in a few statements, or run each job's own write in a savepoint (`eachInSavepoint`). A batch of
 * one kind alone that can write its batches in one call (`writeAlone`: internal transfers,
 * transfer-batch.ts) is that one call, keys included, and no transaction of the server's: one round
 * trip for the batch (docs/architecture.md, "One call per batch of internal transfers"). Batches in flight never share a resource (the ledger accounts an
 * internal transfer writes, the owner of an own write, an idempotency key): a job whose resource is
 * in another flush waits for the next batch instead of for a row lock inside the database, so
 * concurrent flushes run side by side, and one account's jobs settle in the order they were
 * submitted (a busy account's batch may settle before its counterparts' orders submitted at the
 * same time: concurrent orders, no order to keep). An own write names only its owner: the bank's
 * accounts and a payee's that it also locks may be locked by another flush too. The ledger orders
 * the locks of each of its statements; should two flushes still wait on each other, PostgreSQL
 * breaks the deadlock and the batch is written again (ledger/transaction.ts). Which jobs go into
 * each batch is decided by a pure function (ledger/batch-plan.ts); this class only carries out its
 * plans.
 */
export interface MoneyAnswer {
  status: number;
  body: unknown;
}

/** What one job came to: its answer, or the client's mistake (an AppError) it is refused with. */
export type MoneyResult = { ok: true; answer: MoneyAnswer } | { ok: false; error: AppError };

/** A kind of money write whose jobs settle together. */
export interface MoneyWriteKind<T> {
  readonly name: string;
  /**
   * The answer every written job of this kind gives, when it is known before writing (a transfer's
   * 'Created'): stored with the key's claim, it saves the batch a statement.
   */
  readonly answerWhenWritten?: MoneyAnswer;
  /** Settles one batch's jobs of this kind in the batch's transaction: one result per item, in order. */
  settle(trx: Db, items: readonly T[]): Promise<MoneyResult[]>;
  /**
   * Writes a batch of this kind's jobs alone, their idempotency claims included, in one call that is
   * a transaction of its own: the batch costs the server one round trip instead of a transaction's
   * several. One outcome per item, in order. A batch shared with other kinds settles as above.
   */
  writeAlone?(db: Db, items: readonly T[], claims: ReadonlyArray<IdempotencyClaim | undefined>): Promise<JobOutcome[]>;
}

/** The Idempotency-Key of a job: its owner (client or operator), the key and the request's hash. */
export interface IdempotencyClaim {
  ownerId: string;
  key: string;
  hash: string;
}

export interface MoneyJob<T> {
  kind: MoneyWriteKind<T>;
  item: T;
  /** What the job writes (ledger account ids, or names such as `client:<id>`): flushes in flight never share one. */
  resources: readonly string[];
  idempotency?: IdempotencyClaim;
}

export interface WrittenAnswer extends MoneyAnswer {
  /** The answer of an earlier request with the same key: nothing was written now. */
  replayed: boolean;
}

export interface GroupCommitOptions {
  maxBatch: number;
  maxConcurrentFlushes: number;
  /**
   * Jobs that may wait for a transaction at once (default DEFAULT_MAX_WAITING_JOBS); when that many
   * wait, a new job is refused at once (503 BUSY with Retry-After) instead of queueing without end.
   */
  maxWaitingJobs?: number;
  /**
   * A transaction starts beside those in flight only once the youngest of them has run this long
   * (batch-plan.ts, openLanes); without it, as soon as one is free. Finite and at least 0; with 0 a
   * second starts at once beside a first, but each plan counts only the transactions open now.
   */
  overlapAfterMs?: number;
  /** Told of every batch's transaction, for the benchmark's counts. */
  onTransaction?: (jobs: number, resources: ReadonlySet<string>, elapsedMs: number) => void;
}

/**
 * What the metrics (modules/metrics) are told: each batch as it starts, with how long each of its
 * jobs waited since it was submitted, and each job refused because the queue was full.
 */
export interface GroupCommitObserver {
  batchStarted(jobs: number, waitsSeconds: readonly number[]): void;
  /** A batch's write ended, committed or not: how long it took, from its start to its answers. */
  batchEnded(seconds: number): void;
  jobRefused(): void;
}

/**
 * Two to three seconds of the server's money writes on the machines of docs/benchmarks.md (bench:api:
 * about 700 to 1,000 transfers a second), and eight of its full batches: a burst fits, while a
 * database that stalls (a failover, a disk that stops) fills it, and each client then hears at once
 * to try again instead of waiting at the end of an ever longer queue, holding its memory.
 */
export const DEFAULT_MAX_WAITING_JOBS = 2_000;

/** What a refused job's client is told to wait before it tries again: a batch or two. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * How long the server's transaction in flight runs before a second may start beside it: about twice
 * a full batch's time on the machines of docs/benchmarks.md (9 to 12 ms under bench:api's load).
 */
export const OVERLAP_AFTER_MS = 25;

/**
 * The server's group commit: one transaction at a time carries everything that waits, and a second
 * starts beside it only when it has run OVERLAP_AFTER_MS (a lock it waits for, a slow disk), so one
 * stalled batch never holds up every money write. Two at once from the start made batches half as
 * big and wrote 12 to 31 % fewer transfers a second (docs/benchmarks.md, "One transaction at a time").
 */
export const HTTP_GROUP_COMMIT: GroupCommitOptions = {
  maxBatch: 256,
  maxConcurrentFlushes: 2,
  overlapAfterMs: OVERLAP_AFTER_MS,
  maxWaitingJobs: DEFAULT_MAX_WAITING_JOBS,
};

type AnyJob = MoneyJob<unknown>;

interface Waiting extends PlannedJob {
  job: AnyJob;
  /** The job's resources and its idempotency key's resource, which the planner keeps out of batches in flight. */
  resources: readonly string[];
  /** The idempotency key's resource: unlike an account, never twice in one batch (the second replays the first). */
  key: string | undefined;
  /** performance.now() at submission: the batch's start tells the metrics how long the job waited. */
  submittedAt: number;
  resolve(answer: WrittenAnswer): void;
  reject(error: unknown): void;
}

/** What one job of a batch came to: its answer (written now, or replayed), or why it was refused. */
export type JobOutcome = { ok: true; answer: WrittenAnswer } | { ok: false; error: AppError };

export class GroupCommit {
  /** Jobs submitted and not yet in a transaction, in submission order: each plan replaces it with what it keeps. */
  private queue: Waiting[] = [];
  private scheduled = false;
  /** The transactions in flight and their resources, which each plan reads; only this class changes them. */
  private readonly inFlight = { flushes: 0, resources: new Set<string>() };
  /** When each transaction in flight started (performance.now()), for the overlap's rule. */
  private readonly startedAt = new Set<{ at: number }>();
  /** Wakes the planner when a transaction in flight has run long enough for another beside it. */
  private overlapTimer: NodeJS.Timeout | undefined;
  /** The planner's limits, made once because the planner runs for every batch. */
  private readonly limits: BatchLimits;
  /** Transactions committed and the jobs they carried, since the start. */
  readonly committed = { transactions: 0, jobs: 0 };
  private readonly maxWaitingJobs: number;
  private observer: GroupCommitObserver | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: GroupCommitOptions,
  ) {
    this.maxWaitingJobs = options.maxWaitingJobs ?? DEFAULT_MAX_WAITING_JOBS;
    if (options.maxBatch < 1 || options.maxConcurrentFlushes < 1 || this.maxWaitingJobs < 1) {
      throw new Error('Batch size, flushes and waiting jobs must be at least 1');
    }
    if (options.overlapAfterMs !== undefined && !(Number.isFinite(options.overlapAfterMs) && options.overlapAfterMs >= 0)) {
      throw new Error('The overlap of transactions must be a finite number of milliseconds, at least 0');
    }
    this.limits = { maxBatch: options.maxBatch, maxConcurrentFlushes: options.maxConcurrentFlushes, busyResourceJobs: BUSY_RESOURCE_JOBS };
  }

  /** Jobs submitted and not yet in a transaction. */
  get waitingJobs(): number {
    return this.queue.length;
  }

  /** Tells `observer` of every batch and refusal from now on (one observer: the app's metrics). */
  observe(observer: GroupCommitObserver): void {
    this.observer = observer;
  }

  /**
   * Writes one job with whatever else is waiting; answers once its transaction has committed. When
   * the queue is full the job is refused at once with 503 BUSY, and nothing of it is written.
   */
  submit<T>(job: MoneyJob<T>): Promise<WrittenAnswer> {
    if (this.queue.length >= this.maxWaitingJobs) {
      this.observer?.jobRefused();
      return Promise.reject(new AppError('BUSY', { details: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS } }));
    }
    const key = job.idempotency ? `idempotency:${job.idempotency.ownerId}:${job.idempotency.key}` : undefined;
    const resources = key ? [...job.resources, key] : job.resources;
    return new Promise((resolve, reject) => {
      this.queue.push({ job: job as AnyJob, resources, key, submittedAt: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /**
   * Batches are formed on the next turn of the event loop, not at once: callers whose writes just
   * settled submit their next ones in between, and those join the batch instead of trickling into
   * small ones.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** Starts every batch the planner allows now, each in a transaction of its own. */
  private pump(): void {
    const { inFlight } = this;
    for (;;) {
      if (this.queue.length === 0) return;
      const lanes = openLanes(this.limits, this.options.overlapAfterMs, this.starts(), performance.now());
      if (lanes.waitMs > 0) this.wakeIn(lanes.waitMs);
      const limits = lanes.maxConcurrentFlushes === this.limits.maxConcurrentFlushes ? this.limits : { ...this.limits, maxConcurrentFlushes: lanes.maxConcurrentFlushes };
      const plan = planBatch(this.queue, inFlight, limits);
      if (plan === undefined) return;
      this.queue = plan.keep;
      const batch = plan.run;
      if (this.observer) {
        const now = performance.now();
        this.observer.batchStarted(batch.length, batch.map((waiting) => (now - waiting.submittedAt) / 1000));
      }
      const resources = new Set(batch.flatMap((waiting) => waiting.resources));
      for (const resource of resources) inFlight.resources.add(resource);
      inFlight.flushes += 1;
      const startedAt = performance.now();
      const start = { at: startedAt };
      this.startedAt.add(start);
      void this.flush(batch, resources).finally(() => {
        for (const resource of resources) inFlight.resources.delete(resource);
        inFlight.flushes -= 1;
        this.startedAt.delete(start);
        this.schedule();
        this.observer?.batchEnded((performance.now() - startedAt) / 1000);
      });
    }
  }

  private *starts(): Iterable<number> {
    for (const start of this.startedAt) yield start.at;
  }

  /** Plans again in `ms`, unless a wake-up is already set (the planner also runs whenever a flush ends). */
  private wakeIn(ms: number): void {
    if (this.overlapTimer !== undefined) return;
    this.overlapTimer = setTimeout(() => {
      this.overlapTimer = undefined;
      this.pump();
    }, Math.ceil(ms));
    // Never the only thing keeping a process alive: a flush in flight is, and the wake-up is for it.
    this.overlapTimer.unref();
  }

  private async flush(batch: Waiting[], resources: ReadonlySet<string>): Promise<void> {
    const started = performance.now();
    let outcomes: JobOutcome[];
    try {
      const jobs = batch.map((waiting) => waiting.job);
      const alone = writerAlone(jobs);
      outcomes = await (alone ? retryingMoneyWrite(() => alone(this.db)) : inMoneyTransaction(this.db, (trx) => settleJobs(trx, jobs)));
    } catch (error) {
      // The database is away: every job of the batch gets the same 503, at once.
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Something failed the whole transaction (a bug, a broken invariant): each job is tried on
      // its own, so only the job that causes it fails, and the others are written.
      for (const waiting of batch) await this.flush([waiting], new Set(waiting.resources));
      return;
    }
    this.committed.transactions += 1;
    this.committed.jobs += batch.length;
    this.options.onTransaction?.(batch.length, resources, performance.now() - started);
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) waiting.resolve(outcome.answer);
      else waiting.reject(outcome.error);
    });
  }
}

/** The answer to a request whose Idempotency-Key was used before for another request. */
export function idempotencyConflict(): AppError {
  return new AppError('CONFLICT', { message: 'This Idempotency-Key was already used for another request' });
}

/** A batch's one call, when all its jobs are of one kind that writes its batches alone (writeAlone). */
function writerAlone(jobs: readonly AnyJob[]): ((db: Db) => Promise<JobOutcome[]>) | undefined {
  const { kind } = jobs[0]!;
  if (!kind.writeAlone || jobs.some((job) => job.kind !== kind)) return undefined;
  const writeAlone = kind.writeAlone.bind(kind);
  return async (db) => {
    const outcomes = await writeAlone(
      db,
      jobs.map((job) => job.item),
      jobs.map((job) => job.idempotency),
    );
    if (outcomes.length !== jobs.length) throw new Error(`${kind.name} wrote ${outcomes.length} of ${jobs.length} jobs`);
    return outcomes;
  };
}

/**
 * One batch inside its transaction: claims the idempotency keys (a key seen before replays its
 * answer, or is a 409 with another request), settles the rest kind by kind, then stores the
 * answers of those written and gives back the claims of those refused, so a retry after a refusal
 * runs afresh. Claims, answers and releases are one statement each, whatever the batch's size.
 */
async function settleJobs(trx: Db, jobs: readonly AnyJob[]): Promise<JobOutcome[]> {
  const { outcomes, fresh } = await claimKeys(trx, jobs);
  const kinds = new Map<MoneyWriteKind<unknown>, number[]>();
  jobs.forEach((job, index) => {
    if (outcomes[index]) return;
    const indexes = kinds.get(job.kind) ?? [];
    indexes.push(index);
    kinds.set(job.kind, indexes);
  });
  for (const [kind, indexes] of kinds) {
    const results = await kind.settle(
      trx,
      indexes.map((index) => jobs[index]!.item),
    );
    if (results.length !== indexes.length) throw new Error(`${kind.name} settled ${results.length} of ${indexes.length} jobs`);
    indexes.forEach((index, position) => {
      const result = results[position]!;
      outcomes[index] = result.ok ? { ok: true, answer: { ...result.answer, replayed: false } } : result;
    });
  }
  const settled = outcomes.map((outcome) => outcome!);
  await storeAnswers(trx, jobs, settled, fresh);
  return settled;
}

interface KeyRow {
  client_id: string;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

const claimOf = (job: AnyJob, index: number) => (job.idempotency ? [{ index, claim: job.idempotency }] : []);

/**
 * Claims every key of the batch at once. Answers the replays and the keys used for another request
 * (the other jobs' outcomes stay undefined), and which jobs claimed their key now (`fresh`).
 */
async function claimKeys(trx: Db, jobs: readonly AnyJob[]): Promise<{ outcomes: Array<JobOutcome | undefined>; fresh: Set<number> }> {
  const outcomes = new Array<JobOutcome | undefined>(jobs.length);
  const keyed = jobs.flatMap(claimOf);
  const fresh = new Set<number>();
  if (keyed.length === 0) return { outcomes, fresh };
  // One key twice in one insert would count as claimed twice: the batches are formed so it never is.
  if (new Set(keyed.map(({ claim }) => `${claim.ownerId} ${claim.key}`)).size !== keyed.length) throw new Error('One idempotency key twice in a batch');
  // The primary key makes a request racing another process's with the same key wait for it here,
  // and then find its row (its answer is stored before it commits).
  // A kind whose answer is known stores it with the claim; a job refused later takes its claim back.
  const known = keyed.map(({ index }) => jobs[index]!.kind.answerWhenWritten);
  const { rows: claimed } = await sql<{ client_id: string; key: string }>`
    insert into idempotency_keys (client_id, key, request_hash, response_status, response_body)
    select * from unnest(${keyed.map(({ claim }) => claim.ownerId)}::uuid[], ${keyed.map(({ claim }) => claim.key)}::text[],
      ${keyed.map(({ claim }) => claim.hash)}::text[], ${known.map((answer) => answer?.status ?? null)}::integer[],
      ${known.map((answer) => (answer ? JSON.stringify(answer.body) : null))}::jsonb[])
    on conflict (client_id, key) do nothing
    returning client_id, key`.execute(trx);
  const claimedNow = new Set(claimed.map((row) => `${row.client_id} ${row.key}`));
  for (const { index, claim } of keyed) if (claimedNow.has(`${claim.ownerId} ${claim.key}`)) fresh.add(index);
  const seen = keyed.filter(({ index }) => !fresh.has(index));
  if (seen.length === 0) return { outcomes, fresh };
  const { rows } = await sql<KeyRow>`
    select k.client_id, k.key, k.request_hash, k.response_status, k.response_body
    from idempotency_keys k
    join unnest(${seen.map(({ claim }) => claim.ownerId)}::uuid[], ${seen.map(({ claim }) => claim.key)}::text[]) as s (client_id, key)
      on k.client_id = s.client_id and k.key = s.key`.execute(trx);
  const existing = new Map(rows.map((row) => [`${row.client_id} ${row.key}`, row]));
  for (const { index, claim } of seen) {
    const row = existing.get(`${claim.ownerId} ${claim.key}`);
    if (!row) throw new Error('An idempotency key neither claimed nor found');
    // A claim is committed only with its answer; one without (never expected) is not replayed as a success.
    outcomes[index] =
      row.request_hash === claim.hash && row.response_status !== null
        ? { ok: true, answer: { status: row.response_status, body: row.response_body, replayed: true } }
        : { ok: false, error: idempotencyConflict() };
  }
  return { outcomes, fresh };
}

/**
 * Stores the answers of the jobs that claimed their key now and were written (unless stored with the
 * claim), and gives back the keys of those refused, whatever the refusal, so a retry runs afresh.
 */
async function storeAnswers(trx: Db, jobs: readonly AnyJob[], outcomes: readonly JobOutcome[], fresh: ReadonlySet<number>): Promise<void> {
  const claimedNow = jobs.flatMap(claimOf).filter(({ index }) => fresh.has(index));
  const refused = claimedNow.filter(({ index }) => !outcomes[index]!.ok);
  const written = claimedNow.filter(({ index }) => {
    const outcome = outcomes[index]!;
    return outcome.ok && !sameAnswer(outcome.answer, jobs[index]!.kind.answerWhenWritten);
  });
  if (written.length > 0) {
    const answers = written.map(({ index }) => (outcomes[index] as { answer: WrittenAnswer }).answer);
    await sql`
      update idempotency_keys k
      set response_status = a.status, response_body = a.body
      from unnest(${written.map(({ claim }) => claim.ownerId)}::uuid[], ${written.map(({ claim }) => claim.key)}::text[],
        ${answers.map((answer) => answer.status)}::integer[], ${answers.map((answer) => JSON.stringify(answer.body))}::jsonb[]) as a (client_id, key, status, body)
      where k.client_id = a.client_id and k.key = a.key`.execute(trx);
  }
  if (refused.length > 0) {
    await sql`
      delete from idempotency_keys k
      using unnest(${refused.map(({ claim }) => claim.ownerId)}::uuid[], ${refused.map(({ claim }) => claim.key)}::text[]) as r (client_id, key)
      where k.client_id = r.client_id and k.key = r.key`.execute(trx);
  }
}

/** Whether a job's answer is the one its kind stored with the claim. */
function sameAnswer(answer: MoneyAnswer, stored: MoneyAnswer | undefined): boolean {
  return stored !== undefined && answer.status === stored.status && JSON.stringify(answer.body) === JSON.stringify(stored.body);
}

/** One write of a job that writes on its own: its answer, or an AppError refusing it. */
export type OwnWrite = (trx: Db) => Promise<MoneyAnswer>;

/**
 * The kind for writes that have no batched form (a hold, an exchange, a booking by an operator):
 * each runs in a savepoint of the batch's transaction, so a refused one rolls back only its own
 * writes. Anything but an AppError fails the batch (and then each job is tried alone).
 */
export const eachInSavepoint: MoneyWriteKind<OwnWrite> = {
  name: 'each in its savepoint',
  async settle(trx, writes) {
    const results: MoneyResult[] = [];
    for (const write of writes) {
      await sql`savepoint money_job`.execute(trx);
      try {
        const answer = await write(trx);
        await sql`release savepoint money_job`.execute(trx);
        results.push({ ok: true, answer });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await sql`rollback to savepoint money_job`.execute(trx);
        results.push({ ok: false, error });
      }
    }
    return results;
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The group commit every money-moving request writes through, decorated by app.ts. */
    money: GroupCommit;
  }
}
