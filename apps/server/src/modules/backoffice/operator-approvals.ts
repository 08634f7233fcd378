import { operatorRoleSchema } from '@bank/contracts/backoffice/roles';
import { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import type { ApprovalContext, ApprovalHandler } from '../approvals';
import { recordAudit } from '../audit';
import { revokeAllSessions } from '../auth';
import { mailEnrolmentLink, revokeEnrolmentLinks } from './enrolment';
import { countActiveAdmins, insertInvitedOperator, lockAdminChanges, lockOperator, sameRoles, type OperatorDbRow } from './operators';

/**
 * Operator changes as four-eyes acts (docs/bank-controls.md): inviting, changing roles, reactivating
 * and resetting an authenticator hold only when a second admin approves, always. Each act
 * checks its preconditions again when applied, since the operator may have changed meanwhile;
 * links are issued and mailed after the approving transaction commits.
 */
const rolesSchema = z.array(operatorRoleSchema).min(1).max(3);
const operatorRefSchema = z.object({ operatorId: z.string().uuid(), email: z.string(), name: z.string() });

export const operatorInvitePayloadSchema = z.object({ email: z.string().email(), name: z.string().min(1), roles: rolesSchema });
export type OperatorInvitePayload = z.output<typeof operatorInvitePayloadSchema>;

export const operatorRolesPayloadSchema = operatorRefSchema.extend({ roles: rolesSchema, rolesBefore: z.array(operatorRoleSchema) });
export type OperatorRolesPayload = z.output<typeof operatorRolesPayloadSchema>;

export const operatorRefPayloadSchema = operatorRefSchema;
export type OperatorRefPayload = z.output<typeof operatorRefPayloadSchema>;

const who = (payload: { email: string; name: string }) => `${payload.name} <${payload.email}>`;

function refuse(message: string, reason: string): never {
  throw new AppError('CONFLICT', { message, details: { reason } });
}

/** The bank keeps at least one active admin: a change that would leave none is refused. */
export async function assertAnotherActiveAdmin(db: Db, operator: OperatorDbRow): Promise<void> {
  const isActiveAdmin = operator.status === 'active' && operator.roles.includes('admin');
  if (isActiveAdmin && (await countActiveAdmins(db, operator.id)) === 0) {
    refuse('This is the bank’s last active admin', 'lastAdmin');
  }
}

async function auditChange(trx: Db, context: ApprovalContext, action: string, operatorId: string, before: unknown, after: unknown): Promise<void> {
  await recordAudit(trx, {
    actorType: 'operator',
    actorId: context.checkerId,
    action,
    subjectType: 'operator',
    subjectId: operatorId,
    before,
    after: { ...(after as Record<string, unknown>), approvalId: context.approvalId, proposedBy: context.makerId },
  });
}

const operatorInvite: ApprovalHandler<OperatorInvitePayload> = {
  payloadSchema: operatorInvitePayloadSchema,
  summary: (payload) => `${who(payload)}: ${payload.roles.join(', ')}`,
  async apply(trx, payload, context) {
    const row = await insertInvitedOperator(trx, payload);
    await auditChange(trx, context, 'operator.invited', row.id, undefined, { email: row.email, name: row.full_name, roles: row.roles });
    await mailEnrolmentLink(trx, context.deps.config, row.id, 'invited');
    return { operatorId: row.id };
  },
};

const operatorRoles: ApprovalHandler<OperatorRolesPayload> = {
  payloadSchema: operatorRolesPayloadSchema,
  summary: (payload) => `${who(payload)}: ${payload.rolesBefore.join(', ')} → ${payload.roles.join(', ')}`,
  async apply(trx, payload, context) {
    await lockAdminChanges(trx);
    const before = await lockOperator(trx, payload.operatorId);
    if (before.status === 'deactivated') refuse('The operator is deactivated', 'deactivated');
    if (!sameRoles(before.roles, payload.rolesBefore)) refuse('The operator’s roles changed since this was proposed', 'changedMeanwhile');
    if (!payload.roles.includes('admin')) await assertAnotherActiveAdmin(trx, before);
    const roles = [...new Set(payload.roles)];
    await trx.updateTable('operators').set({ roles }).where('id', '=', before.id).execute();
    await auditChange(trx, context, 'operator.rolesChanged', before.id, { roles: before.roles }, { roles });
    return { operatorId: before.id, roles };
  },
};

const operatorReactivate: ApprovalHandler<OperatorRefPayload> = {
  payloadSchema: operatorRefPayloadSchema,
  summary: who,
  async apply(trx, payload, context) {
    const before = await lockOperator(trx, payload.operatorId);
    if (before.status !== 'deactivated') refuse('The operator is not deactivated', 'notDeactivated');
    // An operator who had enrolled comes back with their own credentials; one who never had comes
    // back invited and is mailed a new link.
    const enrolled = before.password_hash !== null && before.totp_secret !== null && before.totp_enrolled_at !== null;
    const status = enrolled ? 'active' : 'invited';
    await trx.updateTable('operators').set({ status }).where('id', '=', before.id).execute();
    await auditChange(trx, context, 'operator.reactivated', before.id, { status: before.status }, { status });
    if (status === 'invited') await mailEnrolmentLink(trx, context.deps.config, before.id, 'reactivated');
    return { operatorId: before.id, status };
  },
};

const operatorResetAuthenticator: ApprovalHandler<OperatorRefPayload> = {
  payloadSchema: operatorRefPayloadSchema,
  summary: who,
  async apply(trx, payload, context) {
    await lockAdminChanges(trx);
    const before = await lockOperator(trx, payload.operatorId);
    if (before.status === 'deactivated') refuse('The operator is deactivated: reactivate first', 'deactivated');
    await assertAnotherActiveAdmin(trx, before);
    // The password goes with the authenticator: whoever could sign in with the pair can no longer,
    // and the operator chooses a new one through the link.
    await trx
      .updateTable('operators')
      .set({ status: 'invited', password_hash: null, totp_secret: null, totp_pending_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where('id', '=', before.id)
      .execute();
    await revokeAllSessions(trx, 'operator', before.id);
    await revokeEnrolmentLinks(trx, before.id);
    await auditChange(
      trx,
      context,
      'operator.authenticatorReset',
      before.id,
      { status: before.status, enrolled: before.totp_enrolled_at !== null },
      { status: 'invited', enrolled: false },
    );
    await mailEnrolmentLink(trx, context.deps.config, before.id, 'reset');
    return { operatorId: before.id };
  },
};

/** The operator kinds of the approvals registry. */
export const operatorApprovalHandlers = {
  operatorInvite,
  operatorRoles,
  operatorReactivate,
  operatorResetAuthenticator,
} as const;
