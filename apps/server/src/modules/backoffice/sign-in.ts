import type { OperatorLoginResponse, OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import { TOTP_LOCK_MINUTES, TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { openSecret, sealSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { decoyPasswordHash, verifyPassword } from '../auth/passwords';
import { createSession } from '../auth/sessions';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL, assertNotBlocked, clearCounter, recordHit, type CounterPolicy } from '../auth/throttle';
import { findOperatorByEmail, toOperator, type OperatorDbRow } from './operators';
import { acceptedStep, newTotpSecret, otpauthUrl, spendTimeStep, TOTP_ISSUERS } from '../auth/totp';

/**
 * Operator sign-in (DESIGN §10): e-mail and password, then a code from the authenticator app. A
 * new (or reset) operator is shown a secret to enrol, which holds once a code from it is confirmed.
 * Wrong passwords are counted like clients' (per e-mail and per address, in counters of their own);
 * wrong codes per operator: the fifth locks the operator out for 15 minutes.
 */
const MINUTE_MS = 60_000;

const OPERATOR_FAILURES_PER_EMAIL: CounterPolicy = { ...FAILED_SIGN_INS_PER_EMAIL, bucket: 'operator-sign-in-failures:email' };
const OPERATOR_FAILURES_PER_ADDRESS: CounterPolicy = { ...FAILED_SIGN_INS_PER_ADDRESS, bucket: 'operator-sign-in-failures:address' };
export const WRONG_TOTP_CODES: CounterPolicy = {
  bucket: 'operator-totp-failures',
  windowMs: TOTP_LOCK_MINUTES * MINUTE_MS,
  blockAfter: TOTP_MAX_FAILURES,
  blockMs: TOTP_LOCK_MINUTES * MINUTE_MS,
};

/** Authenticator secrets are sealed under a key of their own derived from APP_SECRET. */
const TOTP_SEAL_PURPOSE = 'operator-totp';

export function sealOperatorTotpSecret(secret: string, appSecret: string): string {
  return sealSecret(secret, appSecret, TOTP_SEAL_PURPOSE);
}

export interface SignInMeta {
  ip: string;
}

interface Credentials {
  email: string;
  password: string;
  totpCode?: string | undefined;
}

async function audit(db: Db, operatorId: string | null, action: string, meta: SignInMeta, after?: unknown): Promise<void> {
  await recordAudit(db, { actorType: operatorId ? 'operator' : 'anonymous', actorId: operatorId, action, subjectType: 'operator', subjectId: operatorId, ip: meta.ip, after });
}

/** Right e-mail and password → the operator; otherwise the failure is counted and the same 400 thrown. */
async function checkCredentials(db: Db, input: Credentials, meta: SignInMeta): Promise<OperatorDbRow> {
  await assertNotBlocked(db, OPERATOR_FAILURES_PER_EMAIL, input.email);
  await assertNotBlocked(db, OPERATOR_FAILURES_PER_ADDRESS, meta.ip);
  const operator = await findOperatorByEmail(db, input.email);
  // An unknown e-mail costs the same password check as a wrong password.
  const matches = await verifyPassword(operator?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (operator && matches) return operator;
  await recordHit(db, OPERATOR_FAILURES_PER_EMAIL, input.email);
  await recordHit(db, OPERATOR_FAILURES_PER_ADDRESS, meta.ip);
  await audit(db, null, 'backoffice.signInFailed', meta, { email: input.email, reason: 'credentials' });
  throw new AppError('INVALID_CREDENTIALS');
}

/** Checks a code and spends its time step, so the same code is refused from now on. */
async function spendCode(db: Db, operator: OperatorDbRow, sealedSecret: string, code: string, secret: string, meta: SignInMeta): Promise<number> {
  await assertNotBlocked(db, WRONG_TOTP_CODES, operator.id);
  const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
  const step = await acceptedStep(openSecret(sealedSecret, secret, TOTP_SEAL_PURPOSE), code, lastStep);
  const spent = step !== null && (await spendTimeStep(db, 'operators', operator.id, step));
  if (step === null || !spent) {
    await recordHit(db, WRONG_TOTP_CODES, operator.id);
    await audit(db, operator.id, 'backoffice.codeRefused', meta, { reason: step === null ? 'wrong' : 'reused' });
    throw new AppError('INVALID_CREDENTIALS', { message: 'Wrong or used code', fields: { totpCode: 'validation.totpCode.wrong' } });
  }
  await clearCounter(db, WRONG_TOTP_CODES, operator.id);
  return step;
}

async function openOperatorSession(deps: AppDeps, operator: OperatorDbRow, action: string, meta: SignInMeta): Promise<OperatorSignedIn> {
  const { db, config } = deps;
  const token = await db.transaction().execute(async (trx) => {
    const sessionToken = await createSession(trx, config.secret, 'operator', operator.id, { ip: meta.ip });
    await audit(trx, operator.id, action, meta);
    return sessionToken;
  });
  await clearCounter(db, OPERATOR_FAILURES_PER_EMAIL, operator.email.toLowerCase());
  return { operatorToken: token, operator: toOperator(operator) };
}

/** The secret to enrol: the one shown before (so a scanned QR code stays right) or a new one. */
async function pendingEnrolment(deps: AppDeps, operator: OperatorDbRow): Promise<OperatorLoginResponse> {
  const { db, config } = deps;
  let secret: string;
  if (operator.totp_pending_secret) {
    secret = openSecret(operator.totp_pending_secret, config.secret, TOTP_SEAL_PURPOSE);
  } else {
    secret = newTotpSecret();
    await db
      .updateTable('operators')
      .set({ totp_pending_secret: sealOperatorTotpSecret(secret, config.secret) })
      .where('id', '=', operator.id)
      .where('totp_enrolled_at', 'is', null)
      .execute();
  }
  return { enrolment: { secret, otpauthUrl: otpauthUrl(TOTP_ISSUERS.operator, operator.email, secret) } };
}

/** POST /api/backoffice/login */
export async function signInOperator(deps: AppDeps, input: Credentials, meta: SignInMeta): Promise<OperatorLoginResponse> {
  const operator = await checkCredentials(deps.db, input, meta);
  if (!operator.totp_secret || !operator.totp_enrolled_at) return pendingEnrolment(deps, operator);
  if (!input.totpCode) return { totpRequired: true };
  await spendCode(deps.db, operator, operator.totp_secret, input.totpCode, deps.config.secret, meta);
  return openOperatorSession(deps, operator, 'backoffice.signIn', meta);
}

/** POST /api/backoffice/login/enrol: a code from the shown secret confirms the enrolment and signs in. */
export async function enrolOperator(deps: AppDeps, input: Credentials & { totpCode: string }, meta: SignInMeta): Promise<OperatorSignedIn> {
  const { db } = deps;
  const operator = await checkCredentials(db, input, meta);
  if (operator.totp_enrolled_at) throw new AppError('CONFLICT', { message: 'The authenticator is already enrolled: sign in with a code' });
  if (!operator.totp_pending_secret) throw new AppError('CONFLICT', { message: 'Sign in first to see the secret to enrol' });
  await spendCode(db, operator, operator.totp_pending_secret, input.totpCode, deps.config.secret, meta);
  const enrolled = await db
    .updateTable('operators')
    .set((update) => ({ totp_secret: update.ref('totp_pending_secret'), totp_pending_secret: null, totp_enrolled_at: new Date() }))
    .where('id', '=', operator.id)
    .where('totp_enrolled_at', 'is', null)
    .where('totp_pending_secret', '=', operator.totp_pending_secret)
    .returningAll()
    .executeTakeFirst();
  if (!enrolled) throw new AppError('CONFLICT', { message: 'The enrolment changed meanwhile: sign in again' });
  return openOperatorSession(deps, enrolled, 'backoffice.enrolled', meta);
}
