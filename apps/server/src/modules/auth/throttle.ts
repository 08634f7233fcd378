import { TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';

/**
 * Counters of attempts per e-mail or per address, kept in the database so that every server behind
 * a load balancer counts the same attempts (docs/reliability.md#more-than-one-api-node). A counter counts hits within a fixed window;
 * at `blockAfter` hits the key is refused (429) for `blockMs`. Between `slowAfter` and the block,
 * failed answers are delayed, which slows a guessing script without bothering a person.
 */
export interface CounterPolicy {
  /** A constant of the code, never input: blockedSecondsSql writes it into the statement's text. */
  bucket: string;
  windowMs: number;
  blockAfter: number;
  blockMs: number;
  /** Failures before answers start to be delayed; none when unset. */
  slowAfter?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A counter of `bucket` that refuses its key at `blockAfter` hits within `windowMs`, for as long as
 * its counting window: every lock lasts at least that long (see below).
 */
export function lockingCounter(bucket: string, windowMs: number, blockAfter: number, options: { slowAfter?: number } = {}): CounterPolicy {
  return { bucket, windowMs, blockAfter, blockMs: windowMs, ...options };
}

/*
 * The limits of sign-in lockouts (lockouts.ts), built so that a stranger cannot turn them against an
 * account's owner. Failures from one address lock that address for that account only; a slower cap
 * per account stops a guess spread over many addresses, and refuses only devices the account has
 * not used before (a client's browser known by its device cookie, an operator's address of a recent
 * session). Every lock lasts at least its counting window (blockMs >= windowMs), so the failure that
 * reaches blockAfter is the one that starts a lock, and the owner is mailed once per lock.
 */

/** Failed sign-ins (wrong password or code) for one e-mail from one address: that address is refused for that e-mail. */
export const FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS = lockingCounter('sign-in-failures:email-address', 15 * MINUTE_MS, 10, { slowAfter: 3 });

/**
 * Failed sign-ins for one e-mail from every address together, devices the account has used before
 * apart: a guess spread over many addresses. Past the cap, devices new to the account are refused.
 */
export const FAILED_SIGN_INS_PER_EMAIL = lockingCounter('sign-in-failures:email', HOUR_MS, 100);

/**
 * Wrong codes for one e-mail from every address together. A code is checked only after the right
 * password, so only someone who has the password can reach this cap, and it can be tight: it keeps
 * guessing an authenticator's code no faster than the old lock of ten failures a quarter of an hour.
 */
export const WRONG_CODES_PER_EMAIL = lockingCounter('sign-in-wrong-codes:email', HOUR_MS, 20);

/** Failed sign-ins from one device the client has used before, which the locks above do not refuse. */
export const FAILED_SIGN_INS_PER_KNOWN_DEVICE = lockingCounter('sign-in-failures:device', 15 * MINUTE_MS, 10, { slowAfter: 3 });

/** Failed sign-ins from one address, whatever the e-mail (a script trying many clients). */
export const FAILED_SIGN_INS_PER_ADDRESS = lockingCounter('sign-in-failures:address', 15 * MINUTE_MS, 50, { slowAfter: 10 });

/** Mails telling an owner of a lock: one per lock, and at most this many a day, so that locks cannot flood a mailbox. */
export const LOCK_ALERTS_PER_EMAIL = lockingCounter('lock-alerts:email', 24 * HOUR_MS, 5);

/*
 * Operators' counters, apart from clients'. Operators have no device cookie: an address from which
 * the operator opened a session within OPERATOR_KNOWN_ADDRESS_DAYS counts as their known device.
 * Answers to operators are not slowed down, so no policy of theirs has slowAfter.
 */
export const OPERATOR_KNOWN_ADDRESS_DAYS = 30;

/** Wrong passwords or codes for one operator's e-mail from one address. */
export const OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS = lockingCounter('operator-sign-in-failures:email-address', 15 * MINUTE_MS, 10);

/** Wrong authenticator codes (after the right password) for one operator's e-mail from one address. */
export const WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS = lockingCounter('operator-totp-failures:email-address', TOTP_LOCK_MINUTES * MINUTE_MS, TOTP_MAX_FAILURES);

/** Wrong passwords or codes for one operator's e-mail from addresses the operator has not used. */
export const OPERATOR_FAILURES_PER_EMAIL = lockingCounter('operator-sign-in-failures:email', HOUR_MS, 100);

/** Wrong codes for one operator's e-mail from addresses the operator has not used: as tight as the old lock of the operator. */
export const WRONG_OPERATOR_CODES_PER_EMAIL = lockingCounter('operator-totp-failures:email', HOUR_MS, 20);

/** Failed sign-ins from one address, whatever the operator's e-mail. */
export const OPERATOR_FAILURES_PER_ADDRESS = lockingCounter('operator-sign-in-failures:address', 15 * MINUTE_MS, 50);

export const OPERATOR_LOCK_ALERTS_PER_EMAIL: CounterPolicy = { ...LOCK_ALERTS_PER_EMAIL, bucket: 'operator-lock-alerts:email' };

/** One-time codes mailed to one address: a person needs a few, a script more. */
export const CODES_PER_EMAIL = lockingCounter('codes-sent:email', 15 * MINUTE_MS, 10);

/** Password-reset mails to one address; past the limit the answer stays the same but no mail goes. */
export const RESET_MAILS_PER_EMAIL = lockingCounter('reset-mails:email', 60 * MINUTE_MS, 5);

/** Wrong current passwords in the password-change form of one client. */
export const FAILED_PASSWORD_CHANGES_PER_CLIENT = lockingCounter('password-change-failures:client', 15 * MINUTE_MS, 10);

/** Longest delay added to one failed answer. */
export const MAX_SLOW_DOWN_MS = 2_000;
const FIRST_SLOW_DOWN_MS = 250;

function interval(ms: number) {
  return sql<Date>`${`${ms} milliseconds`}::interval`;
}

/**
 * When the key is refused, the seconds until it is accepted again (otherwise null), as a scalar
 * subquery a caller may put into a query of its own, to learn it in the same round trip. The key may
 * be SQL of that query (a column it reads) when it is not known before the query runs. The bucket
 * is written into the text, not bound: a policy's bucket is a constant of the code, and so the
 * subquery may sit in a statement built once (db/fixed-statement.ts, the transfer's session look-up).
 */
export function blockedSecondsSql(policy: CounterPolicy, key: string | RawBuilder<string>): RawBuilder<number | null> {
  return sql<number | null>`(select ceil(extract(epoch from blocked_until - now()))::integer from auth_counters
    where bucket = ${sql.lit(policy.bucket)} and key = ${key} and blocked_until > now())`;
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
