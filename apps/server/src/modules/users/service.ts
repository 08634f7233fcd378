import type { Language } from '@bank/contracts/auth/fields';
import { WRONG_CURRENT_PASSWORD } from '@bank/contracts/users/password-change';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { closeChallenges, CLIENT_SIGN_IN_LOCKS, clearAccountLocks, passwordChangedMail, resetMail, hashPassword, verifyPassword, revokeAllSessions, FAILED_PASSWORD_CHANGES_PER_CLIENT, RESET_MAILS_PER_EMAIL, assertNotBlocked, blockedForSeconds, clearCounter, recordHit } from '../auth';
import { queueMail } from '../mail';
import { consumeResetToken, issueResetToken } from './password-reset';

interface RequestMeta {
  ip: string;
  language: Language;
}


/**
 * POST /api/user/password/refresh: mails a reset link when the e-mail is a client's. It runs after
 * the route has answered (the same 'Done' for everyone), so neither the text nor the time tells
 * who is a client.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta): Promise<void> {
  const { db, config } = deps;
  const client = await db.selectFrom('clients').select(['id', 'email']).where(sql`lower(email)`, '=', email).executeTakeFirst();
  if (!client) return;
  if ((await blockedForSeconds(db, RESET_MAILS_PER_EMAIL, email)) !== null) return;
  await db.transaction().execute(async (trx) => {
    await recordHit(trx, RESET_MAILS_PER_EMAIL, email);
    const token = await issueResetToken(trx, config.secret, client.id);
    await recordAudit(trx, { actorType: 'anonymous', action: 'auth.passwordResetRequested', subjectType: 'client', subjectId: client.id, ip: meta.ip });
    const link = `${config.appUrl}/reset_password?token=${encodeURIComponent(token)}`;
    await queueMail(trx, config.secret, resetMail(client.email, link, meta.language));
  });
}

/** POST /api/user/password/reset: sets the new password and signs the client out everywhere. */
export async function resetPassword(deps: AppDeps, token: string, newPassword: string, meta: RequestMeta): Promise<void> {
  const { db, config } = deps;
  // Hashed before the transaction: argon2 takes a while and must not hold a database connection.
  const passwordHash = await hashPassword(newPassword);
  const client = await db.transaction().execute(async (trx) => {
    const clientId = await consumeResetToken(trx, config.secret, token);
    if (!clientId) throw new AppError('VALIDATION_FAILED', { fields: { token: 'validation.resetToken.invalid' } });
    const row = await trx
      .updateTable('clients')
      .set({ password_hash: passwordHash })
      .where('id', '=', clientId)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await revokeAllSessions(trx, 'client', clientId);
    await closeChallenges(trx, clientId);
    await recordAudit(trx, { actorType: 'anonymous', action: 'auth.passwordReset', subjectType: 'client', subjectId: clientId, ip: meta.ip });
    await queueMail(trx, config.secret, passwordChangedMail(row.email, meta.language));
    return row;
  });
  // Control of the mailbox is proven: earlier failed sign-ins no longer hold the client back.
  await clearAccountLocks(db, CLIENT_SIGN_IN_LOCKS, client.email.toLowerCase());
}

/**
 * POST /api/user/password/change: checks the current password (a wrong one is a field error, and
 * too many lock the form for a while), sets the new one and signs out every other session.
 */
export async function changePassword(
  deps: AppDeps,
  session: { clientId: string; sessionId: string },
  input: { oldPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<void> {
  const { db, config } = deps;
  const { clientId, sessionId } = session;
  await assertNotBlocked(db, FAILED_PASSWORD_CHANGES_PER_CLIENT, clientId);
  const client = await db.selectFrom('clients').select(['email', 'password_hash']).where('id', '=', clientId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(client.password_hash, input.oldPassword))) {
    await recordHit(db, FAILED_PASSWORD_CHANGES_PER_CLIENT, clientId);
    await recordAudit(db, { actorType: 'client', actorId: clientId, action: 'auth.passwordChangeFailed', subjectType: 'client', subjectId: clientId, ip: meta.ip });
    throw new AppError('VALIDATION_FAILED', { fields: { oldPassword: WRONG_CURRENT_PASSWORD } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('clients').set({ password_hash: passwordHash }).where('id', '=', clientId).execute();
    await revokeAllSessions(trx, 'client', clientId, sessionId);
    await closeChallenges(trx, clientId);
    await recordAudit(trx, { actorType: 'client', actorId: clientId, action: 'auth.passwordChanged', subjectType: 'client', subjectId: clientId, ip: meta.ip });
    await queueMail(trx, config.secret, passwordChangedMail(client.email, meta.language));
  });
  await clearCounter(db, FAILED_PASSWORD_CHANGES_PER_CLIENT, clientId);
}
