import type { ApprovalItem } from '@bank/contracts/backoffice/approvals';
import type { InviteOperatorResponse, OperatorRow } from '@bank/contracts/backoffice/operators';
import type { Operator, OperatorRole } from '@bank/contracts/backoffice/roles';
import { WRONG_CURRENT_PASSWORD } from '@bank/contracts/users/password-change';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { type ApprovalRegistry, proposeApproval } from '../approvals';
import { recordAudit } from '../audit';
import { hashPassword, verifyPassword, revokeAllSessions, assertNotBlocked, clearCounter, recordHit, lockingCounter } from '../auth';
import { queueMail } from '../mail';
import { mailEnrolmentLink, revokeEnrolmentLinks } from './enrolment';
import { assertAnotherActiveAdmin } from './operator-approvals';
import { operatorPasswordChangedMail } from './operator-mails';
import { emailTaken, findOperatorByEmail, lockAdminChanges, lockOperator, OPERATOR_SUBJECT, operatorRowOf, sameRoles, waitsForSecondAdmin, type OperatorDbRow } from './operators';

/**
 * What an admin does to operators (docs/bank-controls.md). Inviting, changing roles, reactivating and
 * resetting an authenticator are always proposals a second admin approves (operator-approvals.ts),
 * even from the bank's only admin: then they wait until `npm run operator:create` has made another.
 * Deactivating holds at once: locking somebody out must never wait for a second person.
 */
const MINUTE_MS = 60_000;

/** Wrong current passwords in one operator's password change. */
export const FAILED_OPERATOR_PASSWORD_CHANGES = lockingCounter('operator-password-change-failures', 15 * MINUTE_MS, 10);

interface RequestMeta {
  ip: string;
}

function conflict(message: string, reason: string): AppError {
  return new AppError('CONFLICT', { message, details: { reason } });
}

/**
 * POST /api/backoffice/operators: invites an operator, who is mailed a link to set their own
 * password and authenticator. Every invitation, whatever its roles and however many admins the bank
 * has, is a proposal with a reason that a second admin approves: an invitation is a second identity
 * for whoever controls the mailbox. Inviting again an operator who has not enrolled yet, with the
 * same roles, grants nothing new, so it mails a new link at once and voids the old.
 */
export async function inviteOperator(
  deps: AppDeps,
  registry: ApprovalRegistry,
  input: { email: string; name: string; roles: OperatorRole[]; reason?: string | undefined },
  admin: Operator,
  meta: RequestMeta,
): Promise<InviteOperatorResponse> {
  const { db } = deps;
  const roles = [...new Set(input.roles)];
  const existing = await findOperatorByEmail(db, input.email);
  if (existing) {
    if (existing.status !== 'invited' || !sameRoles(existing.roles, roles)) throw emailTaken();
    return resendInvitation(deps, existing, admin, meta);
  }
  if (!input.reason) throw new AppError('VALIDATION_FAILED', { message: 'An invitation needs a reason for the second admin', fields: { reason: 'validation.required' } });
  const invitation = { email: input.email.toLowerCase(), name: input.name, roles };
  const approval = await proposeApproval(db, registry, {
    kind: 'operatorInvite',
    payload: invitation,
    maker: admin,
    reason: input.reason,
    subjectType: 'operatorEmail',
    subjectId: invitation.email,
  });
  return { operator: null, approval, waitsForSecondAdmin: await waitsForSecondAdmin(db) };
}

async function resendInvitation(deps: AppDeps, operator: OperatorDbRow, admin: Operator, meta: RequestMeta): Promise<InviteOperatorResponse> {
  await deps.db.transaction().execute(async (trx) => {
    await mailEnrolmentLink(trx, deps.config, operator.id, 'invited');
    await recordAudit(trx, { actorType: 'operator', actorId: admin.id, action: 'operator.linkResent', subjectType: 'operator', subjectId: operator.id, ip: meta.ip });
  });
  return { operator: await operatorRowOf(deps.db, operator), approval: null, waitsForSecondAdmin: false };
}

/** POST /api/backoffice/operators/:operatorId/deactivate: at once, the operator's sessions and links end. */
export async function deactivateOperator(db: Db, operatorId: string, admin: Operator, reason: string, meta: { ip: string }): Promise<OperatorRow> {
  if (operatorId === admin.id) throw conflict('You cannot deactivate yourself', 'self');
  const row = await db.transaction().execute(async (trx) => {
    await lockAdminChanges(trx);
    const before = await lockOperator(trx, operatorId);
    // Deactivating twice is the same act: the second answers the row as it stands.
    if (before.status === 'deactivated') return before;
    await assertAnotherActiveAdmin(trx, before);
    const after = await trx.updateTable('operators').set({ status: 'deactivated' }).where('id', '=', operatorId).returningAll().executeTakeFirstOrThrow();
    const sessionsEnded = await revokeAllSessions(trx, 'operator', operatorId);
    await revokeEnrolmentLinks(trx, operatorId);
    await recordAudit(trx, {
      actorType: 'operator',
      actorId: admin.id,
      action: 'operator.deactivated',
      subjectType: 'operator',
      subjectId: operatorId,
      ip: meta.ip,
      before: { status: before.status },
      after: { status: 'deactivated', reason, sessionsEnded },
    });
    return after;
  });
  return operatorRowOf(db, row);
}

async function operatorToChange(db: Db, operatorId: string): Promise<OperatorDbRow> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', operatorId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const refOf = (row: OperatorDbRow) => ({ operatorId: row.id, email: row.email, name: row.full_name });

/** POST …/:operatorId/roles: proposes new roles, applied when a second admin approves. */
export async function proposeRolesChange(db: Db, registry: ApprovalRegistry, operatorId: string, input: { roles: OperatorRole[]; reason: string }, admin: Operator): Promise<ApprovalItem> {
  const row = await operatorToChange(db, operatorId);
  if (row.status === 'deactivated') throw conflict('The operator is deactivated', 'deactivated');
  const roles = [...new Set(input.roles)];
  if (sameRoles(row.roles, roles)) throw conflict('The operator already has these roles', 'unchanged');
  if (!roles.includes('admin')) await assertAnotherActiveAdmin(db, row);
  return proposeApproval(db, registry, {
    kind: 'operatorRoles',
    payload: { ...refOf(row), roles, rolesBefore: [...row.roles] },
    maker: admin,
    reason: input.reason,
    subjectType: OPERATOR_SUBJECT,
    subjectId: row.id,
  });
}

/** POST …/:operatorId/reactivate: proposes to let a deactivated operator back in. */
export async function proposeReactivation(db: Db, registry: ApprovalRegistry, operatorId: string, reason: string, admin: Operator): Promise<ApprovalItem> {
  const row = await operatorToChange(db, operatorId);
  if (row.status !== 'deactivated') throw conflict('The operator is not deactivated', 'notDeactivated');
  return proposeApproval(db, registry, { kind: 'operatorReactivate', payload: refOf(row), maker: admin, reason, subjectType: OPERATOR_SUBJECT, subjectId: row.id });
}

/** POST …/:operatorId/reset-authenticator: proposes a reset; once approved the operator enrols again through a mailed link. */
export async function proposeAuthenticatorReset(db: Db, registry: ApprovalRegistry, operatorId: string, reason: string, admin: Operator): Promise<ApprovalItem> {
  const row = await operatorToChange(db, operatorId);
  if (row.status === 'deactivated') throw conflict('The operator is deactivated: reactivate first', 'deactivated');
  return proposeApproval(db, registry, {
    kind: 'operatorResetAuthenticator',
    payload: refOf(row),
    maker: admin,
    reason,
    subjectType: OPERATOR_SUBJECT,
    subjectId: row.id,
  });
}

/**
 * POST /api/backoffice/password: an operator changes their own password. A wrong current password
 * is a field error, and too many lock the form for a while; the other sessions end.
 */
export async function changeOperatorPassword(
  deps: AppDeps,
  session: { operatorId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<void> {
  const { db, config } = deps;
  const { operatorId, sessionId } = session;
  await assertNotBlocked(db, FAILED_OPERATOR_PASSWORD_CHANGES, operatorId);
  const operator = await db.selectFrom('operators').select(['email', 'password_hash']).where('id', '=', operatorId).executeTakeFirstOrThrow();
  if (!operator.password_hash || !(await verifyPassword(operator.password_hash, input.currentPassword))) {
    await recordHit(db, FAILED_OPERATOR_PASSWORD_CHANGES, operatorId);
    await recordAudit(db, { actorType: 'operator', actorId: operatorId, action: 'operator.passwordChangeFailed', subjectType: 'operator', subjectId: operatorId, ip: meta.ip });
    throw new AppError('VALIDATION_FAILED', { fields: { currentPassword: WRONG_CURRENT_PASSWORD } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('operators').set({ password_hash: passwordHash }).where('id', '=', operatorId).where('status', '=', 'active').execute();
    await revokeAllSessions(trx, 'operator', operatorId, sessionId);
    await recordAudit(trx, { actorType: 'operator', actorId: operatorId, action: 'operator.passwordChanged', subjectType: 'operator', subjectId: operatorId, ip: meta.ip });
    await queueMail(trx, config.secret, operatorPasswordChangedMail(operator.email));
  });
  await clearCounter(db, FAILED_OPERATOR_PASSWORD_CHANGES, operatorId);
}
