import { LOGIN_CODE_TTL_SECONDS, type SignInStepOneResponse } from '@bank/contracts/auth/codes';
import type { Language } from '@bank/contracts/auth/fields';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { queueMail } from '../mail';
import { openClientSession, type OpenedSession, type SignInOrigin } from './client-session';
import { answerChallenge, openChallenge } from './login-codes';
import { codeMail, signInLockedMail } from './mail-templates';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { spendSecondFactor } from './two-factor';
import { knownDeviceId } from './devices';
import {
  CLIENT_SIGN_IN_LOCKS,
  assertAttemptAllowed,
  clearAfterSuccess,
  countFailure,
  mailLockAlert,
  type LockAlert,
  type SignInAttempt,
  type SignInFailure,
} from './lockouts';
import { CODES_PER_EMAIL, LOCK_ALERTS_PER_EMAIL, assertNotBlocked, pruneCounters, recordHit, sleep } from './throttle';

export interface RequestMeta {
  ip: string;
  language: Language;
  /** The device cookie's token, if the browser sent one. */
  deviceToken: string | undefined;
}

/**
 * Two-step sign-in (docs/product.md): step 1 checks e-mail and password and mails a one-time code; step
 * 2 checks them again with the code and opens a session. A wrong e-mail costs the same password
 * check as a wrong password and gets the same answer. Failures are counted in the database by the
 * rules of lockouts.ts: per address, per e-mail from one address, per e-mail from everywhere and
 * per known device; answers slow down, then the attempt is refused (429) for a while, and the
 * client is mailed when a lock starts.
 */

type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

async function findClient(db: Db, email: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'email', 'password_hash', 'totp_enabled_at', 'language'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
}

/** The attempt as the locks see it: the e-mail, the address, and the device if the cookie names one of the client's. */
async function signInAttempt(deps: AppDeps, email: string, client: ClientRow | undefined, ip: string, deviceToken: string | undefined): Promise<SignInAttempt> {
  return { account: email, ip, knownDevice: await knownDeviceId(deps.db, deps.config.secret, client?.id ?? null, deviceToken) };
}

/** Checks the password; an unknown e-mail is checked against a decoy hash so both take as long. */
async function checkPassword(client: ClientRow | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(client?.password_hash ?? (await decoyPasswordHash()), password);
  return Boolean(client) && matches;
}

interface Failure {
  attempt: SignInAttempt;
  /** The client the e-mail belongs to, if any: the one told of a lock. */
  client: ClientRow | undefined;
  kind: SignInFailure;
  step: 1 | 2;
  reason: string;
}

/**
 * Counts a failure, writes it to the audit trail, tells the client of a lock it started (the alert
 * is taken and its mail written in one transaction), slows the answer down, and throws the same 400.
 */
async function failSignIn(deps: AppDeps, failure: Failure): Promise<never> {
  const { db, config } = deps;
  const { attempt, client } = failure;
  const counted = await countFailure(db, CLIENT_SIGN_IN_LOCKS, attempt, failure.kind);
  deps.metrics?.signInRefused(failure.kind);
  deps.metrics?.signInLocksSet(counted.started.length);
  await recordAudit(db, {
    actorType: 'anonymous',
    action: 'auth.signInFailed',
    subjectType: 'client',
    // A wrong password names no client: the trail does not say whether the e-mail is one.
    subjectId: failure.kind === 'code' ? (client?.id ?? null) : null,
    ip: attempt.ip,
    after: { email: attempt.account, step: failure.step, reason: failure.reason, knownDevice: attempt.knownDevice !== null },
  });
  const mailOf = client ? (alert: LockAlert) => signInLockedMail(client.email, alert, client.language as Language) : null;
  await mailLockAlert(db, config.secret, counted.started, LOCK_ALERTS_PER_EMAIL, attempt, failure.kind, mailOf);
  if (Math.random() < 0.01) await pruneCounters(db);
  if (counted.delayMs > 0) await sleep(counted.delayMs);
  throw new AppError('INVALID_CREDENTIALS');
}

/**
 * Step 1 (POST /api/login/list): right e-mail and password → a fresh code is mailed, or, for a
 * client with an authenticator app (two-factor.ts), nothing is mailed and step 2 takes the app's code.
 */
export async function beginSignIn(deps: AppDeps, input: { email: string; password: string }, meta: RequestMeta): Promise<SignInStepOneResponse> {
  const { db, config } = deps;
  const found = await findClient(db, input.email);
  const attempt = await signInAttempt(deps, input.email, found, meta.ip, meta.deviceToken);
  await assertAttemptAllowed(db, CLIENT_SIGN_IN_LOCKS, attempt, () => deps.metrics?.signInRefused('locked'));
  const client = (await checkPassword(found, input.password)) ? found : undefined;
  if (!client) return failSignIn(deps, { attempt, client: found, kind: 'password', step: 1, reason: 'credentials' });
  // The language the client signs in with is the one the bank writes to it in.
  await db.updateTable('clients').set({ language: meta.language }).where('id', '=', client.id).where('language', '!=', meta.language).execute();
  if (client.totp_enabled_at) return { codeSent: false, authenticatorRequired: true };

  await assertNotBlocked(db, CODES_PER_EMAIL, input.email);
  await db.transaction().execute(async (trx) => {
    const code = await openChallenge(trx, config.secret, client.id, 'login');
    await queueMail(trx, config.secret, codeMail(client.email, code, 'login', meta.language));
    await recordHit(trx, CODES_PER_EMAIL, input.email);
    await recordAudit(trx, { actorType: 'anonymous', action: 'auth.codeSent', subjectType: 'client', subjectId: client.id, ip: meta.ip, after: { purpose: 'login' } });
  });
  return { codeSent: true, expiresInSeconds: LOGIN_CODE_TTL_SECONDS };
}

/**
 * Step 2 (POST /api/login), also registration step 2: e-mail, password and code → a new session
 * (client-session.ts), the e-mail marked verified, and the user data with its token.
 */
export async function completeSignIn(
  deps: AppDeps,
  input: { email: string; password: string; emailCode: string },
  origin: SignInOrigin,
): Promise<OpenedSession> {
  const { db, config } = deps;
  const found = await findClient(db, input.email);
  const attempt = await signInAttempt(deps, input.email, found, origin.ip, origin.deviceToken);
  await assertAttemptAllowed(db, CLIENT_SIGN_IN_LOCKS, attempt, () => deps.metrics?.signInRefused('locked'));
  const client = (await checkPassword(found, input.password)) ? found : undefined;
  if (!client) return failSignIn(deps, { attempt, client: found, kind: 'password', step: 2, reason: 'credentials' });
  const wrongCode = (reason: string) => failSignIn(deps, { attempt, client, kind: 'code', step: 2, reason });

  // With an authenticator app the code is the app's (or a recovery code); otherwise the e-mailed one.
  let purpose: string;
  if (client.totp_enabled_at) {
    const factor = await spendSecondFactor(deps, client.id, input.emailCode, origin.ip);
    if (!factor) return wrongCode('authenticator');
    purpose = factor === 'recovery' ? 'login-recovery-code' : 'login-authenticator';
  } else {
    // Only a client with the app has recovery codes; to the others the code is six digits, as before.
    if (!/^\d{6}$/.test(input.emailCode)) throw new AppError('VALIDATION_FAILED', { fields: { emailCode: 'validation.code.invalid' } });
    const outcome = await answerChallenge(db, config.secret, client.id, input.emailCode);
    if (!outcome.ok) return wrongCode(`code-${outcome.reason}`);
    purpose = outcome.purpose;
  }

  const opened = await openClientSession(deps, client.id, purpose, origin);
  await clearAfterSuccess(db, CLIENT_SIGN_IN_LOCKS, attempt);
  return opened;
}
