import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { countFailure, mailLockAlert, type LockAlert, type SignInAttempt, type SignInFailure, OPERATOR_KNOWN_ADDRESS_DAYS, OPERATOR_LOCK_ALERTS_PER_EMAIL, OPERATOR_SIGN_IN_LOCKS } from '../auth';
import { operatorLockedMail } from './operator-mails';

/**
 * The operators' side of the sign-in lockouts that strangers cannot use; the rules, beside the
 * clients', are auth/lockouts.ts's. Operators have no device cookie, so an address from which the
 * operator opened a session within OPERATOR_KNOWN_ADDRESS_DAYS is their known device.
 */

/** No operator has this id: an unknown e-mail's addresses are looked up under it. */
const NO_OPERATOR = '00000000-0000-0000-0000-000000000000';

/**
 * The attempt as the locks see it: the e-mail, the address, and the address again as the known
 * device when the operator opened a session from it lately. An e-mail nobody has is looked up all
 * the same, so that its answer takes as long.
 */
export async function operatorAttempt(db: Db, email: string, operatorId: string | null, ip: string): Promise<SignInAttempt> {
  const { rows } = await sql<{ known: boolean }>`select exists (
      select 1 from sessions
      where subject_type = 'operator' and subject_id = ${operatorId ?? NO_OPERATOR} and ip = ${ip}
        and created_at > now() - ${`${OPERATOR_KNOWN_ADDRESS_DAYS} days`}::interval
    ) as known`.execute(db);
  return { account: email.toLowerCase(), ip, knownDevice: rows[0]?.known ? ip : null };
}

/**
 * Counts an operator's failed sign-in; when it starts a lock of this operator's, the operator (if
 * the e-mail is one's) is mailed: the alert is taken and its mail written in one transaction.
 * Answers to operators are not slowed down.
 */
export async function countOperatorFailure(
  deps: Pick<AppDeps, 'db' | 'config' | 'metrics'>,
  attempt: SignInAttempt,
  failure: SignInFailure,
  operator: { email: string } | undefined,
): Promise<void> {
  const { db, config } = deps;
  const counted = await countFailure(db, OPERATOR_SIGN_IN_LOCKS, attempt, failure);
  deps.metrics?.signInRefused(failure === 'password' ? 'operator_password' : 'operator_code');
  deps.metrics?.signInLocksSet(counted.started.length);
  const mailOf = operator ? (alert: LockAlert) => operatorLockedMail(operator.email, alert) : null;
  await mailLockAlert(db, config.secret, counted.started, OPERATOR_LOCK_ALERTS_PER_EMAIL, attempt, failure, mailOf);
}
