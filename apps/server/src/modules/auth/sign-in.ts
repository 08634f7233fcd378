import { LOGIN_CODE_TTL_SECONDS, type SignInStepOneResponse } from '@bank/contracts/auth/codes';
import type { Language } from '@bank/contracts/auth/fields';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import type { MailMessage, Mailer } from '../mail/mailer';
import { openClientSession, type OpenedSession, type SignInOrigin } from './client-session';
import { answerChallenge, openChallenge } from './login-codes';
import { codeMail } from './mail-templates';
import { decoyPasswordHash, verifyPassword } from './passwords';
import { spendSecondFactor } from './two-factor';
import {
  CODES_PER_EMAIL,
  FAILED_SIGN_INS_PER_ADDRESS,
  FAILED_SIGN_INS_PER_EMAIL,
  assertNotBlocked,
  clearCounter,
  pruneCounters,
  recordHit,
  sleep,
  slowDownMs,
} from './throttle';

export interface RequestMeta {
  ip: string;
  language: Language;
}

/**
 * Two-step sign-in (SPEC §2/§4): step 1 checks e-mail and password and mails a one-time code; step
 * 2 checks them again with the code and opens a session. A wrong e-mail costs the same password
 * check as a wrong password and gets the same answer. Failures are counted per e-mail and per
 * address in the database: answers slow down, then the key is refused (429) for a while.
 */

async function findClient(db: Db, email: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'email', 'password_hash', 'totp_enabled_at'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
}

async function assertSignInAllowed(db: Db, email: string, ip: string): Promise<void> {
  await assertNotBlocked(db, FAILED_SIGN_INS_PER_EMAIL, email);
  await assertNotBlocked(db, FAILED_SIGN_INS_PER_ADDRESS, ip);
}

/** Checks the password; an unknown e-mail is checked against a decoy hash so both take as long. */
async function checkCredentials(db: Db, email: string, password: string) {
  const client = await findClient(db, email);
  const matches = await verifyPassword(client?.password_hash ?? (await decoyPasswordHash()), password);
  return client && matches ? client : null;
}

/** Counts a failure, writes it to the audit trail, slows the answer down, and throws the same 400. */
async function failSignIn(db: Db, email: string, clientId: string | null, step: 1 | 2, reason: string, meta: { ip: string }): Promise<never> {
  const byEmail = await recordHit(db, FAILED_SIGN_INS_PER_EMAIL, email);
  const byAddress = await recordHit(db, FAILED_SIGN_INS_PER_ADDRESS, meta.ip);
  await recordAudit(db, {
    actorType: 'anonymous',
    action: 'auth.signInFailed',
    subjectType: 'client',
    subjectId: clientId,
    ip: meta.ip,
    after: { email, step, reason },
  });
  if (Math.random() < 0.01) await pruneCounters(db);
  const delay = Math.max(slowDownMs(FAILED_SIGN_INS_PER_EMAIL, byEmail), slowDownMs(FAILED_SIGN_INS_PER_ADDRESS, byAddress));
  if (delay > 0) await sleep(delay);
  throw new AppError('INVALID_CREDENTIALS');
}

/** Sends a mail; a mail server that fails is a 503 the client may retry, not a 500. */
export async function sendMail(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch {
    throw new AppError('UNAVAILABLE', { message: 'The e-mail could not be sent. Please try again later.' });
  }
}

/**
 * Step 1 (POST /api/login/list): right e-mail and password → a fresh code is mailed, or, for a
 * client with an authenticator app (two-factor.ts), nothing is mailed and step 2 takes the app's code.
 */
export async function beginSignIn(deps: AppDeps, input: { email: string; password: string }, meta: RequestMeta): Promise<SignInStepOneResponse> {
  const { db, config, mailer } = deps;
  await assertSignInAllowed(db, input.email, meta.ip);
  const client = await checkCredentials(db, input.email, input.password);
  if (!client) return failSignIn(db, input.email, null, 1, 'credentials', meta);
  // The language the client signs in with is the one the bank writes to it in.
  await db.updateTable('clients').set({ language: meta.language }).where('id', '=', client.id).where('language', '!=', meta.language).execute();
  if (client.totp_enabled_at) return { codeSent: false, authenticatorRequired: true };

  await assertNotBlocked(db, CODES_PER_EMAIL, input.email);
  const code = await openChallenge(db, config.secret, client.id, 'login');
  await sendMail(mailer, codeMail(client.email, code, 'login', meta.language));
  await recordHit(db, CODES_PER_EMAIL, input.email);
  await recordAudit(db, { actorType: 'anonymous', action: 'auth.codeSent', subjectType: 'client', subjectId: client.id, ip: meta.ip, after: { purpose: 'login' } });
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
  const meta = { ip: origin.ip };
  await assertSignInAllowed(db, input.email, meta.ip);
  const client = await checkCredentials(db, input.email, input.password);
  if (!client) return failSignIn(db, input.email, null, 2, 'credentials', meta);

  // With an authenticator app the code is the app's (or a recovery code); otherwise the e-mailed one.
  let purpose: string;
  if (client.totp_enabled_at) {
    const factor = await spendSecondFactor(deps, client.id, input.emailCode);
    if (!factor) return failSignIn(db, input.email, client.id, 2, 'authenticator', meta);
    purpose = factor === 'recovery' ? 'login-recovery-code' : 'login-authenticator';
  } else {
    // Only a client with the app has recovery codes; to the others the code is six digits, as before.
    if (!/^\d{6}$/.test(input.emailCode)) throw new AppError('VALIDATION_FAILED', { fields: { emailCode: 'validation.code.invalid' } });
    const outcome = await answerChallenge(db, config.secret, client.id, input.emailCode);
    if (!outcome.ok) return failSignIn(db, input.email, client.id, 2, `code-${outcome.reason}`, meta);
    purpose = outcome.purpose;
  }

  const opened = await openClientSession(deps, client.id, purpose, origin);
  await clearCounter(db, FAILED_SIGN_INS_PER_EMAIL, input.email);
  return opened;
}
