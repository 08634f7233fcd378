/**
 * The group commit's choice of its next batch, as a pure function: which waiting jobs one more
 * transaction takes, and which stay queued. It reads only its arguments and changes none of them
 * (no database, no clock, no I/O), so every rule is tested with a table of cases, and the group
 * commit (group-commit.ts) only carries the plans out.
 *
 * The rules, all of which keep money writes correct and quick under load:
 * - A batch starts only in a free transaction: fewer than `maxConcurrentFlushes` are in flight.
 * - Jobs are taken in the order they were submitted, at most `maxBatch` of them.
 * - A job whose resources include one a batch in flight is writing stays queued, so two
 *   transactions never wait on each other's row locks inside the database.
 * - A job that stays queued holds back every later job that shares one of its resources, so one
 *   account's jobs settle in the order they were submitted.
 * - Jobs that share an account may settle in one batch (the batch writes them in its order), but
 *   one idempotency key never appears twice in a batch: the repeat must find the first's answer.
 * - When one free resource has at least `busyResourceJobs` jobs waiting (a busy account), and at
 *   least two transactions are free, the batch takes that resource's jobs only: its row lock is
 *   then held by a small batch for a short time while everyone else's jobs go to the other free
 *   transaction. Only that resource's held-back jobs hold back later ones in such a batch. Should
 *   none of its jobs be free to go, the batch is formed as usual instead.
 *   With `overlapAfterMs` (the server's setting) no second transaction is ever free beside the one
 *   starting, so this rule never applies there: one batch carries the busy account's jobs with
 *   everyone else's.
 * - Of two resources with as many jobs waiting, the busy one is the one the queue names first.
 * - With `overlapAfterMs`, a transaction starts beside those in flight only once the youngest of
 *   them has run that long (`openLanes`): under load one transaction at a time carries everything
 *   that waits, and a transaction that stalls holds up the others for no longer than that.
 */

/** What the planner reads of a waiting job. */
export interface PlannedJob {
  /**
   * Everything the job writes: ledger account ids, names such as `client:<id>`, and its idempotency
   * key's resource when it has one.
   */
  readonly resources: readonly string[];
  /** The idempotency key's resource, which is also one of `resources`; undefined without a key. */
  readonly key: string | undefined;
}

/** The transactions in flight, as the group commit counts them. */
export interface InFlight {
  /** How many transactions (batches) are in flight. */
  readonly flushes: number;
  /** Every resource of the batches in flight. */
  readonly resources: ReadonlySet<string>;
}

export interface BatchLimits {
  /** The most jobs one batch takes. */
  readonly maxBatch: number;
  /** The most transactions in flight at once. */
  readonly maxConcurrentFlushes: number;
  /** Jobs waiting for one resource that make it a busy resource, batched on its own. */
  readonly busyResourceJobs: number;
}

/**
 * The transactions that may be in flight now, when a transaction in flight that has not yet run
 * `overlapAfterMs` keeps the next one from starting beside it. Most of a batch's time in the
 * database is the same whatever its size (planning its statements, firing its deferred triggers,
 * its commit: docs/benchmarks.md, "One transaction at a time"), so one transaction carrying all
 * that waits writes more per second than two carrying half each. Returns the limit to plan with,
 * counting only transactions that are open now, and how many milliseconds until another may start
 * (0 when none is held back): without `overlapAfterMs`, `limits.maxConcurrentFlushes`; with nothing
 * in flight, 1; while the youngest in flight has run less than `overlapAfterMs`, the flushes in
 * flight (none free) and the wait left; after that, one more than in flight, up to the limit.
 * `startedAt` are the start times (ms) of the transactions in flight; `now` is the same clock.
 */
export function openLanes(limits: BatchLimits, overlapAfterMs: number | undefined, startedAt: Iterable<number>, now: number): { maxConcurrentFlushes: number; waitMs: number } {
  if (overlapAfterMs === undefined) return { maxConcurrentFlushes: limits.maxConcurrentFlushes, waitMs: 0 };
  let flushes = 0;
  let youngest = -Infinity;
  for (const started of startedAt) {
    flushes += 1;
    youngest = Math.max(youngest, started);
  }
  if (flushes === 0) return { maxConcurrentFlushes: 1, waitMs: 0 };
  const waitMs = youngest + overlapAfterMs - now;
  if (waitMs > 0 || flushes >= limits.maxConcurrentFlushes) return { maxConcurrentFlushes: flushes, waitMs: flushes >= limits.maxConcurrentFlushes ? 0 : waitMs };
  return { maxConcurrentFlushes: Math.min(flushes + 1, limits.maxConcurrentFlushes), waitMs: 0 };
}

/** The next batch, and what stays queued. Both are new arrays, in the order the jobs were submitted. */
export interface BatchPlan<J> {
  /** The jobs the next transaction writes: never empty. */
  readonly run: J[];
  /** The jobs that stay queued for a later batch. */
  readonly keep: J[];
}

/**
 * Jobs waiting for one resource that make it a busy resource, in the server's group commit. Eight
 * is enough for a batch of its own to be worth a transaction, and few enough that one busy account
 * is found while it still is one.
 */
export const BUSY_RESOURCE_JOBS = 8;

/**
 * The next batch from `waiting` (in submission order), given the transactions in flight. Undefined
 * when no batch can start now: no transaction is free, nothing waits, or every waiting job waits on
 * a batch in flight. Then the queue stays as it is, and the next flush to finish (or the group
 * commit's wake-up, when openLanes held a transaction back) plans again.
 */
export function planBatch<J extends PlannedJob>(waiting: readonly J[], inFlight: InFlight, limits: BatchLimits): BatchPlan<J> | undefined {
  if (waiting.length === 0 || inFlight.flushes >= limits.maxConcurrentFlushes) return undefined;
  // A busy resource's batch never takes the last free transaction: with two busy accounts kept
  // busy, their batches would otherwise take every turn while everyone else's jobs wait.
  if (inFlight.flushes + 1 < limits.maxConcurrentFlushes) {
    const busiest = busiestResource(waiting, inFlight.resources, limits.busyResourceJobs);
    if (busiest !== undefined) {
      // The busy resource's next jobs may wait on resources in flight; then the others go first.
      const plan = split(waiting, inFlight.resources, limits.maxBatch, busiest);
      if (plan.run.length > 0) return plan;
    }
  }
  // With nothing in flight the first waiting job is always free, so an empty batch only ever means
  // "wait for a flush to finish", which plans again.
  const plan = split(waiting, inFlight.resources, limits.maxBatch, undefined);
  return plan.run.length > 0 ? plan : undefined;
}

/**
 * Splits the queue into the batch and the rest, in one pass. With `busiest`, only jobs that write
 * it may join.
 */
function split<J extends PlannedJob>(waiting: readonly J[], inFlight: ReadonlySet<string>, maxBatch: number, busiest: string | undefined): BatchPlan<J> {
  const run: J[] = [];
  const keep: J[] = [];
  // A resource skipped once stays skipped for this batch, so its jobs keep their sequence.
  const blocked = new Set<string>();
  const keys = new Set<string>();
  for (const job of waiting) {
    const { resources, key } = job;
    const candidate = busiest === undefined || resources.includes(busiest);
    if (candidate && run.length < maxBatch && !(key !== undefined && keys.has(key)) && allFree(resources, inFlight, blocked)) {
      run.push(job);
      if (key !== undefined) keys.add(key);
    } else {
      // In a busy resource's batch only its own skipped jobs hold others back: its counterparts'
      // other jobs were submitted concurrently with it and may settle in the next batch.
      if (candidate) for (const resource of resources) blocked.add(resource);
      keep.push(job);
    }
  }
  return { run, keep };
}

/** Whether none of `resources` is in flight or held back for this batch. A loop: no closure per job. */
function allFree(resources: readonly string[], inFlight: ReadonlySet<string>, blocked: ReadonlySet<string>): boolean {
  for (const resource of resources) {
    if (inFlight.has(resource) || blocked.has(resource)) return false;
  }
  return true;
}

/**
 * The resource not in flight with at least `threshold` jobs waiting and the most of them, if any.
 * Of two with as many, the one the queue names first.
 */
function busiestResource(waiting: readonly PlannedJob[], inFlight: ReadonlySet<string>, threshold: number): string | undefined {
  const counts = new Map<string, number>();
  for (const { resources } of waiting) {
    for (const resource of resources) {
      if (!inFlight.has(resource)) counts.set(resource, (counts.get(resource) ?? 0) + 1);
    }
  }
  let busiest: string | undefined;
  let most = threshold - 1;
  for (const [resource, count] of counts) {
    if (count > most) {
      busiest = resource;
      most = count;
    }
  }
  return busiest;
}
