import { sql } from 'kysely';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { countFailure, lockToTell, takeLockAlert, type LockRule, type SignInAttempt, type SignInFailure } from '../auth/lockouts';
import { BRAND } from '../auth/mail-templates';
import {
  OPERATOR_FAILURES_PER_ADDRESS,
  OPERATOR_FAILURES_PER_EMAIL,
  OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS,
  OPERATOR_KNOWN_ADDRESS_DAYS,
  OPERATOR_LOCK_ALERTS_PER_EMAIL,
  WRONG_OPERATOR_CODES_PER_EMAIL,
  WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS,
} from '../auth/throttle';
import type { MailMessage } from '../mail/mailer';
import { queueMail } from '../mail/outbox';

/**
 * Lockouts of operators' sign-ins that strangers cannot use (the rules are auth/lockouts.ts's).
 * Wrong passwords and codes from one address lock that address for that operator; wrong codes are
 * checked only after the right password, and have a tighter lock of their own. Operators have no
 * device cookie: the back office has no cookie of its own, and the address of the operator's
 * workplace is what the bank knows of them. So an address from which the operator opened a session
 * within OPERATOR_KNOWN_ADDRESS_DAYS is their known device: the slower caps per operator, which a
 * guess spread over many addresses reaches, refuse only the other addresses, and the lock of an
 * address for all e-mails does not refuse it either. The per-operator-and-address locks judge
 * every address, known or not: strangers who share the operator's address can still lock it for
 * them, and the operator is mailed when they do.
 */
export const OPERATOR_SIGN_IN_LOCKS: readonly LockRule[] = [
  { policy: OPERATOR_FAILURES_PER_ADDRESS, per: 'address', counts: 'failures', devices: 'unknown' },
  { policy: OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS, per: 'account-and-address', counts: 'failures', devices: 'all' },
  { policy: WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS, per: 'account-and-address', counts: 'wrong-codes', devices: 'all' },
  { policy: OPERATOR_FAILURES_PER_EMAIL, per: 'account', counts: 'failures', devices: 'unknown' },
  { policy: WRONG_OPERATOR_CODES_PER_EMAIL, per: 'account', counts: 'wrong-codes', devices: 'unknown' },
];

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
  const lock = lockToTell(counted.started);
  if (!lock) return;
  await db.transaction().execute(async (trx) => {
    if (!(await takeLockAlert(trx, OPERATOR_LOCK_ALERTS_PER_EMAIL, attempt.account)) || !operator) return;
    const scope = lock.per === 'account' ? 'new-addresses' : 'address';
    const alert = { scope, ip: attempt.ip, minutes: Math.round(lock.policy.blockMs / 60_000), passwordWasRight: failure === 'code' } as const;
    await queueMail(trx, config.secret, operatorLockedMail(operator.email, alert));
  });
}

export interface OperatorLockAlert {
  /** Paused: the operator's sign-ins from one address, or from every address they have not used lately. */
  scope: 'address' | 'new-addresses';
  ip: string;
  minutes: number;
  /** The failures were wrong codes, after the right password. */
  passwordWasRight: boolean;
}

/** Operators have no language of their own: like the back office's other mails, this one is in English and Russian. */
export function operatorLockedMail(to: string, alert: OperatorLockAlert): MailMessage {
  const en = [
    'Hello,',
    '',
    alert.scope === 'address'
      ? `After too many wrong passwords or codes from the IP address ${alert.ip}, back-office sign-ins as you from that address are paused for ${alert.minutes} minutes.`
      : `After too many wrong passwords or codes from many addresses, back-office sign-ins as you are paused for ${alert.minutes} minutes from every address you have not signed in from in the last ${OPERATOR_KNOWN_ADDRESS_DAYS} days.`,
    alert.passwordWasRight
      ? 'These attempts had your password right but not the code: if they were not yours, someone knows your password. Tell an administrator at once.'
      : 'If these attempts were not yours, nobody got in; tell an administrator.',
  ];
  const ru = [
    'Здравствуйте!',
    '',
    alert.scope === 'address'
      ? `После слишком большого числа неверных паролей или кодов с IP-адреса ${alert.ip} вход в бэк-офис под вашей учётной записью с этого адреса приостановлен на ${alert.minutes} мин.`
      : `После слишком большого числа неверных паролей или кодов с разных адресов вход в бэк-офис под вашей учётной записью приостановлен на ${alert.minutes} мин. со всех адресов, с которых вы не входили последние ${OPERATOR_KNOWN_ADDRESS_DAYS} дней.`,
    alert.passwordWasRight
      ? 'При этих попытках пароль был указан верно, а код — нет: если это были не вы, ваш пароль кому-то известен. Немедленно сообщите администратору.'
      : 'Если это были не вы, войти никому не удалось; сообщите администратору.',
  ];
  return {
    to,
    subject: `Back-office sign-ins paused · Вход в бэк-офис приостановлен · ${BRAND.en}`,
    text: [...en, '', BRAND.en, '', '—', '', ...ru, '', BRAND.ru].join('\n'),
  };
}
