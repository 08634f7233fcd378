import type { OperatorLoginResponse, OperatorSignedIn } from '@bank/contracts/backoffice/sign-in';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { decoyPasswordHash, verifyPassword, createSession, assertAttemptAllowed, clearAfterSuccess, acceptedStep, spendTimeStep, OPERATOR_SIGN_IN_LOCKS } from '../auth';
import { countOperatorFailure, operatorAttempt } from './lockouts';
import { openOperatorTotpSecret } from './operator-totp';
import { findOperatorByEmail, toOperator, type OperatorDbRow } from './operators';

/**
 * Operator sign-in (docs/bank-controls.md): e-mail and password, then a code from the authenticator app. Both
 * are set by the operator alone through a mailed enrolment link (enrolment.ts); until then there is
 * no password to sign in with. Wrong passwords and codes lock the address they come from for that
 * operator, and a slower cap per operator refuses addresses the operator has not used (lockouts.ts).
 */
// Enrolment (enrolment.ts) lifts the per-operator cap under this name once the operator has enrolled.
export { OPERATOR_FAILURES_PER_EMAIL } from '../auth';

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

/**
 * Right e-mail and password of an active, enrolled operator → the operator; otherwise the failure is
 * counted and the same 400 thrown. An operator without a password (invited, or after a reset) is
 * checked against the decoy like an unknown e-mail; a deactivated one gets the answer of a wrong
 * password, so the answer tells nobody whether the account exists or why it is refused.
 */
async function checkCredentials(deps: AppDeps, input: Credentials, meta: SignInMeta): Promise<{ operator: OperatorDbRow; totpSecret: string }> {
  const { db } = deps;
  const operator = await findOperatorByEmail(db, input.email);
  const attempt = await operatorAttempt(db, input.email, operator?.id ?? null, meta.ip);
  await assertAttemptAllowed(db, OPERATOR_SIGN_IN_LOCKS, attempt, () => deps.metrics?.signInRefused('operator_locked'));
  // An unknown e-mail costs the same password check as a wrong password.
  const matches = await verifyPassword(operator?.password_hash ?? (await decoyPasswordHash()), input.password);
  const usable = operator?.status === 'active' && operator.totp_secret !== null && operator.totp_enrolled_at !== null;
  if (operator && matches && usable) return { operator, totpSecret: operator.totp_secret! };
  await countOperatorFailure(deps, attempt, 'password', operator);
  if (operator && matches) {
    await audit(db, operator.id, 'backoffice.signInRefused', meta, { email: input.email, reason: operator.status });
  } else {
    await audit(db, null, 'backoffice.signInFailed', meta, { email: input.email, reason: 'credentials' });
  }
  throw new AppError('INVALID_CREDENTIALS');
}

/**
 * Checks a code and spends its time step, so the same code is refused from now on. It runs after
 * checkCredentials, so a wrong code is counted only after the right password.
 */
async function spendCode(deps: AppDeps, operator: OperatorDbRow, sealedSecret: string, code: string, meta: SignInMeta): Promise<number> {
  const { db, config } = deps;
  const attempt = await operatorAttempt(db, operator.email, operator.id, meta.ip);
  await assertAttemptAllowed(db, OPERATOR_SIGN_IN_LOCKS, attempt, () => deps.metrics?.signInRefused('operator_locked'));
  const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
  const secret = await openOperatorTotpSecret(db, sealedSecret, config.secret, { operatorId: operator.id, ip: meta.ip, during: 'signIn' });
  const step = await acceptedStep(secret.plain, code, lastStep);
  const spent = step !== null && (await spendTimeStep(db, 'operators', operator.id, step, secret));
  if (step === null || !spent) {
    await countOperatorFailure(deps, attempt, 'code', operator);
    await audit(db, operator.id, 'backoffice.codeRefused', meta, { reason: step === null ? 'wrong' : 'reused' });
    throw new AppError('INVALID_CREDENTIALS', { message: 'Wrong or used code', fields: { totpCode: 'validation.totpCode.wrong' } });
  }
  await clearAfterSuccess(db, OPERATOR_SIGN_IN_LOCKS, attempt);
  return step;
}

async function openOperatorSession(deps: AppDeps, operator: OperatorDbRow, action: string, meta: SignInMeta): Promise<OperatorSignedIn> {
  const { db, config } = deps;
  const token = await db.transaction().execute(async (trx) => {
    const sessionToken = await createSession(trx, config.secret, 'operator', operator.id, { ip: meta.ip });
    await audit(trx, operator.id, action, meta);
    return sessionToken;
  });
  return { operatorToken: token, operator: toOperator(operator) };
}

/** POST /api/backoffice/login */
export async function signInOperator(deps: AppDeps, input: Credentials, meta: SignInMeta): Promise<OperatorLoginResponse> {
  const { operator, totpSecret } = await checkCredentials(deps, input, meta);
  if (!input.totpCode) return { totpRequired: true };
  await spendCode(deps, operator, totpSecret, input.totpCode, meta);
  return openOperatorSession(deps, operator, 'backoffice.signIn', meta);
}
