import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';

/**
 * Counters of attempts per e-mail or per address, kept in the database so that every server behind
 * a load balancer counts the same attempts (DESIGN §9). A counter counts hits within a fixed window;
 * at `blockAfter` hits the key is refused (429) for `blockMs`. Between `slowAfter` and the block,
 * failed answers are delayed, which slows a guessing script without bothering a person.
 */
export interface CounterPolicy {
  bucket: string;
  windowMs: number;
  blockAfter: number;
  blockMs: number;
  /** Failures before answers start to be delayed; none when unset. */
  slowAfter?: number;
}

const MINUTE_MS = 60_000;

/** Failed sign-ins (wrong e-mail, password or code) for one e-mail address. */
export const FAILED_SIGN_INS_PER_EMAIL: CounterPolicy = {
  bucket: 'sign-in-failures:email',
  windowMs: 15 * MINUTE_MS,
  slowAfter: 3,
  blockAfter: 10,
  blockMs: 15 * MINUTE_MS,
};

/** Failed sign-ins from one address, whatever the e-mail (a script trying many clients). */
export const FAILED_SIGN_INS_PER_ADDRESS: CounterPolicy = {
  bucket: 'sign-in-failures:address',
  windowMs: 15 * MINUTE_MS,
  slowAfter: 10,
  blockAfter: 50,
  blockMs: 15 * MINUTE_MS,
};

/** One-time codes mailed to one address: a person needs a few, a script more. */
export const CODES_PER_EMAIL: CounterPolicy = {
  bucket: 'codes-sent:email',
  windowMs: 15 * MINUTE_MS,
  blockAfter: 10,
  blockMs: 15 * MINUTE_MS,
};

/** Password-reset mails to one address; past the limit the answer stays the same but no mail goes. */
export const RESET_MAILS_PER_EMAIL: CounterPolicy = {
  bucket: 'reset-mails:email',
  windowMs: 60 * MINUTE_MS,
  blockAfter: 5,
  blockMs: 60 * MINUTE_MS,
};

/** Wrong current passwords in the password-change form of one client. */
export const FAILED_PASSWORD_CHANGES_PER_CLIENT: CounterPolicy = {
  bucket: 'password-change-failures:client',
  windowMs: 15 * MINUTE_MS,
  blockAfter: 10,
  blockMs: 15 * MINUTE_MS,
};

/** Longest delay added to one failed answer. */
export const MAX_SLOW_DOWN_MS = 2_000;
const FIRST_SLOW_DOWN_MS = 250;

function interval(ms: number) {
  return sql<Date>`${`${ms} milliseconds`}::interval`;
}

/**
 * When the key is refused, the seconds until it is accepted again (otherwise null), as a scalar
 * subquery a caller may put into a query of its own, to learn it in the same round trip.
 */
export function blockedSecondsSql(policy: CounterPolicy, key: string): RawBuilder<number | null> {
  return sql<number | null>`(select ceil(extract(epoch from blocked_until - now()))::integer from auth_counters
    where bucket = ${policy.bucket} and key = ${key} and blocked_until > now())`;
}

/** When the key is refused, the seconds until it is accepted again; otherwise null. */
export async function blockedForSeconds(db: Db, policy: CounterPolicy, key: string): Promise<number | null> {
  const { rows } = await sql<{ seconds: number | null }>`select ${blockedSecondsSql(policy, key)} as seconds`.execute(db);
  return rows[0]?.seconds ?? null;
}

/** 429 with the wait in details when `blockedSeconds` (from blockedSecondsSql) says the key is refused. */
export function refuseWhileBlocked(blockedSeconds: number | null): void {
  if (blockedSeconds !== null) throw new AppError('TOO_MANY_REQUESTS', { details: { retryAfterSeconds: Math.max(1, blockedSeconds) } });
}

/** Counts one hit; the hit that reaches `blockAfter` starts the block. Returns the hits in the window. */
export async function recordHit(db: Db, policy: CounterPolicy, key: string): Promise<number> {
  const row = await db
    .insertInto('auth_counters')
    .values({
      bucket: policy.bucket,
      key,
      hits: 1,
      window_ends_at: sql<Date>`now() + ${interval(policy.windowMs)}`,
      blocked_until: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        hits: sql<number>`case when auth_counters.window_ends_at <= now() then 1 else auth_counters.hits + 1 end`,
        window_ends_at: sql<Date>`case when auth_counters.window_ends_at <= now() then excluded.window_ends_at else auth_counters.window_ends_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits >= policy.blockAfter) {
    await db
      .updateTable('auth_counters')
      .set({ blocked_until: sql<Date>`now() + ${interval(policy.blockMs)}` })
      .where('bucket', '=', policy.bucket)
      .where('key', '=', key)
      .execute();
  }
  return row.hits;
}

export async function clearCounter(db: Db, policy: CounterPolicy, key: string): Promise<void> {
  await db.deleteFrom('auth_counters').where('bucket', '=', policy.bucket).where('key', '=', key).execute();
}

/** Forgets counters whose window and block are long over, so the table stays small. */
export async function pruneCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('auth_counters')
    .where('window_ends_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', sql<Date>`now()`)]))
    .execute();
}

/** The delay of a failed answer after `hits` failures: none up to slowAfter, then doubling to the cap. */
export function slowDownMs(policy: CounterPolicy, hits: number): number {
  if (policy.slowAfter === undefined || hits <= policy.slowAfter) return 0;
  return Math.min(MAX_SLOW_DOWN_MS, FIRST_SLOW_DOWN_MS * 2 ** (hits - policy.slowAfter - 1));
}

/** 429 with the wait in details when the key is refused. */
export async function assertNotBlocked(db: Db, policy: CounterPolicy, key: string): Promise<void> {
  refuseWhileBlocked(await blockedForSeconds(db, policy, key));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
