import { sql } from 'kysely';
import type { Db } from '../../db';
import type { SecretRing } from '../../lib/crypto';
import type { MailMessage } from '../../lib/mailer';
import { queueMail } from '../mail';
import type { SubjectType } from './sessions';
import {
  FAILED_SIGN_INS_PER_ADDRESS,
  FAILED_SIGN_INS_PER_EMAIL,
  FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS,
  FAILED_SIGN_INS_PER_KNOWN_DEVICE,
  OPERATOR_FAILURES_PER_ADDRESS,
  OPERATOR_FAILURES_PER_EMAIL,
  OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS,
  WRONG_CODES_PER_EMAIL,
  WRONG_OPERATOR_CODES_PER_EMAIL,
  WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS,
  blockedForSeconds,
  recordHit,
  refuseWhileBlocked,
  slowDownMs,
  type CounterPolicy,
} from './throttle';

/**
 * Sign-in lockouts that a stranger cannot turn against an account's owner, for clients and for
 * operators (how an operator's attempt is told apart is backoffice/lockouts.ts's). Each kind of
 * sign-in has its rules; a rule is a counter policy (throttle.ts), what one of its counters is kept
 * for, which failures it counts, and which attempts it judges: those from a device the account has
 * used before, the others, or all. An attempt is refused (429) while any counter of a rule that
 * judges it is blocked; a failure is counted by every rule that judges it and counts its kind.
 *
 * An attempt names its account by the e-mail typed, whether or not anyone has it: an e-mail nobody
 * has is counted and locked like a real one, so a 429 tells nobody which e-mails are the bank's.
 */

/** What one counter of a rule is kept for. */
export type LockScope = 'address' | 'account-and-address' | 'account' | 'device';

export interface LockRule {
  policy: CounterPolicy;
  per: LockScope;
  /** Every failure, or only wrong codes (checked only after the right password). */
  counts: 'failures' | 'wrong-codes';
  /** The attempts the rule judges: from a device the account has used before, from others, or all. */
  devices: 'known' | 'unknown' | 'all';
}

export interface SignInAttempt {
  /** The e-mail the attempt names, in lower case. */
  account: string;
  ip: string;
  /** The device the account has used before that the attempt comes from (its id), or null. */
  knownDevice: string | null;
}

export type SignInFailure = 'password' | 'code';

/**
 * The rules of both kinds of sign-in, in one table.
 *
 * A client's sign-in with password and code. From a device the client has signed in from before
 * (its device cookie), only that device's own counter applies: the cookie is a random token sent
 * only to the sign-in calls, which a stranger elsewhere does not have, so strangers' failures never
 * lock the owner's own browser; and whoever has the cookie (the owner's browser, or a thief of it)
 * still gets only ten tries a quarter of an hour. The cookie's token changes at every sign-in, so a
 * stolen one stops naming the device once the owner signs in there again. A passkey answers to no
 * lock at all (passkeys.ts): it cannot be guessed.
 *
 * An operator's sign-in with password and authenticator code. Wrong passwords and codes from one
 * address lock that address for that operator; wrong codes are checked only after the right
 * password, and have a tighter lock of their own. Operators have no device cookie: the back office
 * has no cookie of its own, and the address of the operator's workplace is what the bank knows of
 * them. So an address from which the operator opened a session within OPERATOR_KNOWN_ADDRESS_DAYS is
 * their known device: the slower caps per operator, which a guess spread over many addresses
 * reaches, refuse only the other addresses, and the lock of an address for all e-mails does not
 * refuse it either. The per-operator-and-address locks judge every address, known or not: strangers
 * who share the operator's address can still lock it for them, and the operator is mailed when they do.
 */
const SIGN_IN_LOCKS: readonly (LockRule & { of: SubjectType })[] = [
  { of: 'client', policy: FAILED_SIGN_INS_PER_ADDRESS, per: 'address', counts: 'failures', devices: 'unknown' },
  { of: 'client', policy: FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, per: 'account-and-address', counts: 'failures', devices: 'unknown' },
  { of: 'client', policy: FAILED_SIGN_INS_PER_EMAIL, per: 'account', counts: 'failures', devices: 'unknown' },
  { of: 'client', policy: WRONG_CODES_PER_EMAIL, per: 'account', counts: 'wrong-codes', devices: 'unknown' },
  { of: 'client', policy: FAILED_SIGN_INS_PER_KNOWN_DEVICE, per: 'device', counts: 'failures', devices: 'known' },
  { of: 'operator', policy: OPERATOR_FAILURES_PER_ADDRESS, per: 'address', counts: 'failures', devices: 'unknown' },
  { of: 'operator', policy: OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS, per: 'account-and-address', counts: 'failures', devices: 'all' },
  { of: 'operator', policy: WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS, per: 'account-and-address', counts: 'wrong-codes', devices: 'all' },
  { of: 'operator', policy: OPERATOR_FAILURES_PER_EMAIL, per: 'account', counts: 'failures', devices: 'unknown' },
  { of: 'operator', policy: WRONG_OPERATOR_CODES_PER_EMAIL, per: 'account', counts: 'wrong-codes', devices: 'unknown' },
];

const locksOf = (subject: SubjectType): readonly LockRule[] => SIGN_IN_LOCKS.filter((rule) => rule.of === subject);
export const CLIENT_SIGN_IN_LOCKS = locksOf('client');
export const OPERATOR_SIGN_IN_LOCKS = locksOf('operator');

/** Whether a rule judges an attempt. */
export function judges(rule: LockRule, attempt: SignInAttempt): boolean {
  if (rule.devices === 'all') return true;
  return (rule.devices === 'known') === (attempt.knownDevice !== null);
}

/** Whether a rule counts a failure of this kind. */
export function countsFailure(rule: LockRule, failure: SignInFailure): boolean {
  return rule.counts === 'failures' || failure === 'code';
}

/** E-mails and addresses hold no space, so a space parts the account from the rest of a key. */
const accountPrefix = (account: string) => `${account} `;

/** The key of the rule's counter for an attempt. */
export function counterKey(rule: LockRule, attempt: SignInAttempt): string {
  switch (rule.per) {
    case 'address':
      return attempt.ip;
    case 'account':
      return attempt.account;
    case 'account-and-address':
      return `${accountPrefix(attempt.account)}${attempt.ip}`;
    case 'device':
      return `${accountPrefix(attempt.account)}${attempt.knownDevice ?? ''}`;
  }
}

/**
 * 429 with the wait in details while a counter of a rule that judges the attempt is blocked; one
 * query. `onRefused` hears of each refusal (the metrics).
 */
export async function assertAttemptAllowed(db: Db, rules: readonly LockRule[], attempt: SignInAttempt, onRefused?: () => void): Promise<void> {
  const counters = rules.filter((rule) => judges(rule, attempt)).map((rule) => ({ bucket: rule.policy.bucket, key: counterKey(rule, attempt) }));
  if (counters.length === 0) return;
  const row = await db
    .selectFrom('auth_counters')
    .select(sql<number | null>`max(ceil(extract(epoch from blocked_until - now())))::integer`.as('seconds'))
    .where('blocked_until', '>', sql<Date>`now()`)
    .where((eb) => eb.or(counters.map((counter) => eb.and([eb('bucket', '=', counter.bucket), eb('key', '=', counter.key)]))))
    .executeTakeFirst();
  const blockedSeconds = row?.seconds ?? null;
  if (blockedSeconds !== null) onRefused?.();
  refuseWhileBlocked(blockedSeconds);
}

export interface CountedFailure {
  /** How long to hold the failed answer back. */
  delayMs: number;
  /** The rules whose lock this very failure started. */
  started: LockRule[];
}

/** Counts a failure in the counters of every rule that judges the attempt and counts its kind. */
export async function countFailure(db: Db, rules: readonly LockRule[], attempt: SignInAttempt, failure: SignInFailure): Promise<CountedFailure> {
  let delayMs = 0;
  const started: LockRule[] = [];
  for (const rule of rules) {
    if (!judges(rule, attempt) || !countsFailure(rule, failure)) continue;
    const hits = await recordHit(db, rule.policy, counterKey(rule, attempt));
    delayMs = Math.max(delayMs, slowDownMs(rule.policy, hits));
    // A lock outlasts its window and blocked attempts are not counted, so the count reaches
    // blockAfter once per lock: a second failure racing past it counts blockAfter + 1.
    if (hits === rule.policy.blockAfter) started.push(rule);
  }
  return { delayMs, started };
}

/**
 * After a successful sign-in, forgets the failures counted against this account from this address
 * or device. The per-account caps stay: the owner signing in does not give a distributed guess a
 * fresh allowance.
 */
export async function clearAfterSuccess(db: Db, rules: readonly LockRule[], attempt: SignInAttempt): Promise<void> {
  const counters = rules
    .filter((rule) => judges(rule, attempt) && (rule.per === 'account-and-address' || rule.per === 'device'))
    .map((rule) => ({ bucket: rule.policy.bucket, key: counterKey(rule, attempt) }));
  if (counters.length === 0) return;
  await db
    .deleteFrom('auth_counters')
    .where((eb) => eb.or(counters.map((counter) => eb.and([eb('bucket', '=', counter.bucket), eb('key', '=', counter.key)]))))
    .execute();
}

/** Forgets every lock of an account (from every address and device, and its caps), as after a password reset. */
export async function clearAccountLocks(db: Db, rules: readonly LockRule[], account: string): Promise<void> {
  const buckets = [...new Set(rules.filter((rule) => rule.per !== 'address').map((rule) => rule.policy.bucket))];
  const prefix = accountPrefix(account);
  await db
    .deleteFrom('auth_counters')
    .where('bucket', 'in', buckets)
    .where((eb) => eb.or([eb('key', '=', account), eb(sql<string>`left(key, ${prefix.length})`, '=', prefix)]))
    .execute();
}

/** How wide a lock is, to tell the owner of the widest one when a failure starts several. */
const WIDTH: Record<LockScope, number> = { address: 0, device: 1, 'account-and-address': 2, account: 3 };

/** The lock to tell the account's owner of among those a failure started; none for a lock of a whole address. */
export function lockToTell(started: readonly LockRule[]): LockRule | null {
  let widest: LockRule | null = null;
  for (const rule of started) {
    if (rule.per === 'address') continue;
    if (!widest || WIDTH[rule.per] > WIDTH[widest.per]) widest = rule;
  }
  return widest;
}

/**
 * Takes one of the account's lock alerts of the day, or answers false when they are spent. It is
 * taken for e-mails nobody has too, so that the work, and the answer's time, is the same.
 */
export async function takeLockAlert(db: Db, policy: CounterPolicy, account: string): Promise<boolean> {
  if ((await blockedForSeconds(db, policy, account)) !== null) return false;
  await recordHit(db, policy, account);
  return true;
}

/** What the owner of an account is told of a lock that failures started. */
export interface LockAlert {
  /** What the lock is kept for: the widest lock the failure started (lockToTell). */
  per: LockScope;
  /** The address of the failure that started it. */
  ip: string;
  minutes: number;
  /** The failures came after the right password (wrong codes): someone may know it. */
  passwordWasRight: boolean;
}

/**
 * Tells the account's owner of the lock a failure started, if it started one to tell: one of the
 * account's lock alerts of the day (`alerts`) is taken and the owner's mail written in one
 * transaction. The alert is taken for an e-mail nobody has too (no `mailOf` then), so that the work
 * is the same.
 */
export async function mailLockAlert(
  db: Db,
  secret: SecretRing,
  started: readonly LockRule[],
  alerts: CounterPolicy,
  attempt: SignInAttempt,
  failure: SignInFailure,
  mailOf: ((alert: LockAlert) => MailMessage) | null,
): Promise<void> {
  const lock = lockToTell(started);
  if (!lock) return;
  await db.transaction().execute(async (trx) => {
    if (!(await takeLockAlert(trx, alerts, attempt.account)) || !mailOf) return;
    const alert = { per: lock.per, ip: attempt.ip, minutes: Math.round(lock.policy.blockMs / 60_000), passwordWasRight: failure === 'code' };
    await queueMail(trx, secret, mailOf(alert));
  });
}
