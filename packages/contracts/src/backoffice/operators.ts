import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { emailSchema } from '../auth/fields';
import { newPasswordSchema } from '../auth/password';
import { approvalItemSchema } from './approvals';
import { totpCodeSchema } from './sign-in';
import { operatorRoleSchema, operatorSchema } from './roles';

/**
 * Operators own their credentials (docs/bank-controls.md): an admin invites (name, e-mail, roles) and the
 * operator sets their own password and enrols their authenticator through a mailed single-use link.
 * Granting admin, changing roles, reactivating and resetting an authenticator are proposals a
 * second admin approves (approvals.ts); deactivating holds at once.
 */

/** An enrolment link is good for this long, and once. */
export const ENROLMENT_LINK_HOURS = 24;

export const OPERATOR_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];

/** GET /api/backoffice/operators (admin) */
export const operatorRowSchema = operatorSchema.extend({
  /** invited: has not finished enrolment; active; deactivated: sign-in refused. */
  status: z.enum(OPERATOR_STATUSES),
  enrolled: z.boolean(),
  createdAt: z.string(),
  /** Proposals about this operator waiting for a second admin. */
  pendingApprovals: z.array(z.string()),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorsResponseSchema = z.object({ items: z.array(operatorRowSchema) });

const rolesSchema = z.array(operatorRoleSchema).min(1, 'validation.roles.required').max(3);

/**
 * POST /api/backoffice/operators (admin): invites. A non-admin (or, while the bank has a single
 * active admin, anyone) is created at once and mailed an enrolment link; an admin otherwise waits
 * for a second admin's approval (`approval`).
 */
export const inviteOperatorRequestSchema = z.object({ email: emailSchema, name: requiredText(), roles: rolesSchema, reason: z.string().trim().max(2000).optional() });
export type InviteOperatorRequest = z.input<typeof inviteOperatorRequestSchema>;
export const inviteOperatorResponseSchema = z.object({ operator: operatorRowSchema.nullable(), approval: approvalItemSchema.nullable() });
export type InviteOperatorResponse = z.infer<typeof inviteOperatorResponseSchema>;

/** POST /api/backoffice/operators/:operatorId/roles {roles, reason} → a proposal. */
export const changeRolesRequestSchema = z.object({ roles: rolesSchema, reason: requiredText(2000) });
export type ChangeRolesRequest = z.input<typeof changeRolesRequestSchema>;

/** POST …/:operatorId/reactivate {reason} and …/:operatorId/reset-authenticator {reason} → a proposal. */
export const operatorChangeReasonSchema = z.object({ reason: requiredText(2000) });
export type OperatorChangeReason = z.input<typeof operatorChangeReasonSchema>;

/** POST …/:operatorId/deactivate {reason}: holds at once; the operator's sessions end. Answers the row. */
export const deactivateOperatorRequestSchema = operatorChangeReasonSchema;

/** GET /api/backoffice/enrolment/:token (public): whom the link enrols, and the authenticator secret to add. */
export const enrolmentInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
  expiresAt: z.string(),
  enrolment: z.object({ secret: z.string(), otpauthUrl: z.string() }),
});
export type EnrolmentInfo = z.infer<typeof enrolmentInfoSchema>;

/** POST /api/backoffice/enrolment/:token {password, totpCode}: sets the operator's password, confirms the authenticator, signs in; the link is spent. */
export const completeEnrolmentRequestSchema = z.object({ password: newPasswordSchema, totpCode: totpCodeSchema });
export type CompleteEnrolmentRequest = z.input<typeof completeEnrolmentRequestSchema>;

/** POST /api/backoffice/password {currentPassword, newPassword}: an operator changes their own password; their other sessions end. */
export const operatorPasswordChangeRequestSchema = z.object({ currentPassword: z.string().min(1, 'validation.password.required').max(128), newPassword: newPasswordSchema });
export type OperatorPasswordChangeRequest = z.input<typeof operatorPasswordChangeRequestSchema>;
