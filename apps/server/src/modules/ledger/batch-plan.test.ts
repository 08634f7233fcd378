// Proves the group commit's choice of its next batch rule by rule, as a table of waiting queues and
// the plans they must give: which transactions may start, submission order, the batch's size, the
// resources in flight, one account's sequence, idempotency keys and busy accounts. The planner is a
// pure function, so there is no database here and nothing waits for a clock.
import { describe, expect, it } from 'vitest';
import { BUSY_RESOURCE_JOBS, openLanes, planBatch, type BatchLimits, type PlannedJob } from './batch-plan';

interface Job extends PlannedJob {
  name: string;
}

/**
 * A resource as the tables write it: `!k` is the idempotency key k's resource, anything else an
 * account. Upper-case letters stand for accounts, so they never read as a job's name.
 */
const resource = (token: string) => (token.startsWith('!') ? `idempotency:${token.slice(1)}` : token);

/**
 * A job as the tables write it: its name, then what it writes. A key goes last among its resources,
 * as the group commit adds it.
 */
function job(spec: string): Job {
  const [name, ...tokens] = spec.split(' ');
  const accounts = tokens.filter((token) => !token.startsWith('!'));
  const keyToken = tokens.find((token) => token.startsWith('!'));
  const key = keyToken === undefined ? undefined : resource(keyToken);
  return { name: name!, resources: key === undefined ? accounts : [...accounts, key], key };
}

/** `count` jobs named `prefix1`, `prefix2`, … that each write `account`. */
const jobsOn = (count: number, prefix: string, account: string) => Array.from({ length: count }, (_, index) => `${prefix}${index + 1} ${account}`);

const names = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');

interface Case {
  rule: string;
  /** The queue, first submitted first. */
  waiting: string[];
  /** Transactions in flight (none unless given) and their resources. */
  flushes?: number;
  inFlight?: string;
  /** Over the defaults: ten jobs a batch, one transaction (so no batch of a busy resource's own), three jobs make a resource busy. */
  limits?: Partial<BatchLimits>;
  /** The batch and what stays queued, by name in order; or that no batch starts. */
  plan: { run: string; keep: string } | 'nothing starts';
}

const DEFAULTS: BatchLimits = { maxBatch: 10, maxConcurrentFlushes: 1, busyResourceJobs: 3 };
/** Two free transactions: a busy resource may have a batch of its own. */
const TWO = { maxConcurrentFlushes: 2 };
/** One of three transactions in flight, two free. */
const ONE_OF_THREE = { flushes: 1, limits: { maxConcurrentFlushes: 3 } };
/** One of two transactions in flight, writing `resources`; the other is free. */
const ONE_OF_TWO_ON = (resources: string) => ({ flushes: 1, inFlight: resources, limits: TWO });

const cases: Case[] = [
  // Whether a batch starts at all.
  { rule: 'nothing waits: no batch', waiting: [], plan: 'nothing starts' },
  { rule: 'every transaction is in flight: no batch, even for a free job', waiting: ['a X'], flushes: 1, plan: 'nothing starts' },
  { rule: 'every waiting job touches a resource in flight: no batch', waiting: ['a X', 'b Y', 'c X Z'], ...ONE_OF_TWO_ON('X Y'), plan: 'nothing starts' },

  // Order and size.
  { rule: 'free jobs go together, in submission order', waiting: ['a X', 'b Y', 'c Z'], plan: { run: 'a b c', keep: '' } },
  { rule: 'jobs that share an account go in one batch', waiting: ['a X', 'b X Y', 'c Y'], plan: { run: 'a b c', keep: '' } },
  { rule: 'at most maxBatch jobs, the first submitted', waiting: ['a X', 'b Y', 'c Z', 'd W'], limits: { maxBatch: 2 }, plan: { run: 'a b', keep: 'c d' } },

  // Resources in flight, and one account's sequence.
  { rule: 'a job touching a resource in flight stays queued; the others go', waiting: ['a X', 'b Y'], ...ONE_OF_TWO_ON('X'), plan: { run: 'b', keep: 'a' } },
  { rule: 'a queued job holds back the later jobs on its other resources', waiting: ['a X Y', 'b Y', 'c Z'], ...ONE_OF_TWO_ON('X'), plan: { run: 'c', keep: 'a b' } },
  {
    rule: 'a held-back job holds back the later jobs on its own resources in turn',
    waiting: ['a X Y', 'b Y Z', 'c Z', 'd W'],
    ...ONE_OF_TWO_ON('X'),
    plan: { run: 'd', keep: 'a b c' },
  },
  { rule: 'a queued job holds back only the jobs submitted after it', waiting: ['a X', 'b X Z', 'c X'], ...ONE_OF_TWO_ON('Z'), plan: { run: 'a', keep: 'b c' } },

  // Idempotency keys.
  { rule: 'one idempotency key never twice in a batch', waiting: ['a X !k', 'b Y !k'], plan: { run: 'a', keep: 'b' } },
  { rule: 'a repeated key holds back the later jobs on its accounts', waiting: ['a X !k', 'b Y !k', 'c Y', 'd Z'], plan: { run: 'a d', keep: 'b c' } },
  { rule: 'jobs with different keys on one account go together', waiting: ['a X !k', 'b X !l'], plan: { run: 'a b', keep: '' } },
  { rule: 'a key in flight holds back its job', waiting: ['a X !k', 'b Y'], ...ONE_OF_TWO_ON('!k'), plan: { run: 'b', keep: 'a' } },

  // Busy resources.
  { rule: 'a busy resource’s jobs get a batch of their own', waiting: ['a H', 'b X', 'c H', 'd H'], limits: TWO, plan: { run: 'a c d', keep: 'b' } },
  { rule: 'below busyResourceJobs a resource is not busy', waiting: ['a H', 'b X', 'c H'], limits: TWO, plan: { run: 'a b c', keep: '' } },
  {
    rule: 'a busy resource’s batch never takes the last free transaction',
    waiting: ['a H', 'b X', 'c H', 'd H'],
    flushes: 1,
    limits: TWO,
    plan: { run: 'a b c d', keep: '' },
  },
  { rule: 'with two of three transactions free it may', waiting: ['a H', 'b X', 'c H', 'd H'], ...ONE_OF_THREE, plan: { run: 'a c d', keep: 'b' } },
  {
    rule: 'in a busy resource’s batch the other jobs hold nothing back',
    waiting: ['a H', 'b Y', 'c H Y', 'd H'],
    limits: TWO,
    plan: { run: 'a c d', keep: 'b' },
  },
  {
    rule: 'the busy resource’s first held-back job ends its batch',
    waiting: ['a H', 'b H Y', 'c H', 'd H'],
    inFlight: 'Y',
    ...ONE_OF_THREE,
    plan: { run: 'a', keep: 'b c d' },
  },
  {
    rule: 'a busy resource none of whose jobs may go now: the batch is formed as usual',
    waiting: ['a H Y', 'b H', 'c H', 'd X'],
    inFlight: 'Y',
    ...ONE_OF_THREE,
    plan: { run: 'd', keep: 'a b c' },
  },
  {
    rule: 'a resource in flight is never the busy one, however many jobs wait for it',
    waiting: ['a H', 'b H', 'c H', 'd H', 'e G', 'f G', 'g G', 'x X'],
    inFlight: 'H',
    ...ONE_OF_THREE,
    plan: { run: 'e f g', keep: 'a b c d x' },
  },
  {
    rule: 'the resource with the most jobs waiting is the busy one',
    waiting: ['a H', 'b G', 'c G', 'd H', 'e G', 'f H', 'g G'],
    limits: TWO,
    plan: { run: 'b c e g', keep: 'a d f' },
  },
  {
    rule: 'of two as busy, the one the queue names first',
    waiting: ['a G', 'b H', 'c H', 'd G', 'e G', 'f H'],
    limits: TWO,
    plan: { run: 'a d e', keep: 'b c f' },
  },
  {
    rule: 'of two as busy named by one job, the one it names first',
    waiting: ['a H G', 'b G', 'c H', 'd G', 'e H'],
    limits: TWO,
    plan: { run: 'a c e', keep: 'b d' },
  },
  { rule: 'a busy resource’s batch takes at most maxBatch jobs', waiting: ['a H', 'b H', 'c H', 'd X'], limits: { ...TWO, maxBatch: 2 }, plan: { run: 'a b', keep: 'c d' } },
  {
    rule: 'a key repeated by many waiting jobs is a busy resource too',
    waiting: ['a X !k', 'b Y !k', 'c Z !k', 'd W'],
    limits: TWO,
    plan: { run: 'a', keep: 'b c d' },
  },
  {
    rule: `the server’s threshold: ${BUSY_RESOURCE_JOBS - 1} jobs on one account are not busy`,
    waiting: [...jobsOn(BUSY_RESOURCE_JOBS - 1, 'h', 'H'), 'x X'],
    limits: { ...TWO, busyResourceJobs: BUSY_RESOURCE_JOBS },
    plan: { run: `${names(BUSY_RESOURCE_JOBS - 1, 'h')} x`, keep: '' },
  },
  {
    rule: `the server’s threshold: ${BUSY_RESOURCE_JOBS} jobs on one account are`,
    waiting: [...jobsOn(BUSY_RESOURCE_JOBS, 'h', 'H'), 'x X'],
    limits: { ...TWO, busyResourceJobs: BUSY_RESOURCE_JOBS },
    plan: { run: names(BUSY_RESOURCE_JOBS, 'h'), keep: 'x' },
  },
];

describe('planBatch', () => {
  it.each(cases)('$rule', ({ waiting: specs, flushes = 0, inFlight = '', limits, plan: expected }) => {
    // Frozen: a planner that changed the queue it was given would throw.
    const waiting = Object.freeze(specs.map(job));
    const resources = new Set(inFlight.split(' ').filter(Boolean).map(resource));
    const plan = planBatch(waiting, { flushes, resources }, { ...DEFAULTS, ...limits });

    if (expected === 'nothing starts') {
      expect(plan).toBeUndefined();
    } else {
      expect(plan).toBeDefined();
      const named = (jobs: readonly Job[]) => jobs.map((each) => each.name).join(' ');
      expect({ run: named(plan!.run), keep: named(plan!.keep) }).toEqual(expected);
      // The plan hands on the very jobs it was given, not copies.
      expect([...plan!.run, ...plan!.keep].every((each) => waiting.includes(each))).toBe(true);
    }
    // The resources in flight are the group commit's to change, never the planner's.
    expect([...resources]).toEqual(inFlight.split(' ').filter(Boolean).map(resource));
  });
});

describe('openLanes', () => {
  const TWO_LANES: BatchLimits = { ...DEFAULTS, maxConcurrentFlushes: 2 };
  const THREE_LANES: BatchLimits = { ...DEFAULTS, maxConcurrentFlushes: 3 };
  it.each([
    { rule: 'without the rule, every transaction is open at once', limits: TWO_LANES, overlap: undefined, startedAt: [100], now: 101, lanes: { maxConcurrentFlushes: 2, waitMs: 0 } },
    { rule: 'one transaction at most: one, whatever the rule', limits: DEFAULTS, overlap: 25, startedAt: [100], now: 101, lanes: { maxConcurrentFlushes: 1, waitMs: 0 } },
    { rule: 'an overlap of 0: a second at once beside the first, counted only once the first is open', limits: TWO_LANES, overlap: 0, startedAt: [100], now: 100, lanes: { maxConcurrentFlushes: 2, waitMs: 0 } },
    { rule: 'an overlap of 0 and nothing in flight: one, so no plan counts on a second', limits: TWO_LANES, overlap: 0, startedAt: [], now: 100, lanes: { maxConcurrentFlushes: 1, waitMs: 0 } },
    { rule: 'nothing in flight: one transaction, so no plan counts on a second', limits: TWO_LANES, overlap: 25, startedAt: [], now: 0, lanes: { maxConcurrentFlushes: 1, waitMs: 0 } },
    { rule: 'one in flight for 10 ms of 25: none beside it yet, and the wait left', limits: TWO_LANES, overlap: 25, startedAt: [100], now: 110, lanes: { maxConcurrentFlushes: 1, waitMs: 15 } },
    { rule: 'one in flight for 25 ms: a second may start', limits: TWO_LANES, overlap: 25, startedAt: [100], now: 125, lanes: { maxConcurrentFlushes: 2, waitMs: 0 } },
    { rule: 'every transaction in flight: nothing to wait for', limits: TWO_LANES, overlap: 25, startedAt: [0, 10], now: 12, lanes: { maxConcurrentFlushes: 2, waitMs: 0 } },
    { rule: 'of two in flight the youngest counts: the third waits for it', limits: THREE_LANES, overlap: 25, startedAt: [0, 20], now: 30, lanes: { maxConcurrentFlushes: 2, waitMs: 15 } },
    { rule: 'both of two in flight long running: a third may start, not a fourth', limits: THREE_LANES, overlap: 25, startedAt: [0, 20], now: 50, lanes: { maxConcurrentFlushes: 3, waitMs: 0 } },
  ])('$rule', ({ limits, overlap, startedAt, now, lanes }) => {
    expect(openLanes(limits, overlap, startedAt, now)).toEqual(lanes);
  });
});
