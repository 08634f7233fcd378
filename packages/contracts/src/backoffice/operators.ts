import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { emailSchema } from '../auth/fields';
import { newPasswordSchema } from '../auth/password';
import { approvalItemSchema, proposedResponseSchema } from './approvals';
import { totpCodeSchema } from './sign-in';
import { operatorRoleSchema, operatorSchema } from './roles';

/**
 * Operators own their credentials (docs/bank-controls.md): an admin invites (name, e-mail, roles) and the
 * operator sets their own password and enrols their authenticator through a mailed single-use link.
 * Inviting, changing roles, reactivating and resetting an authenticator are proposals a second
 * admin approves (approvals.ts), always; deactivating holds at once. While the bank has fewer than
 * two active admins such a proposal waits, and the answers say so (`waitsForSecondAdmin`): the
 * second admin is made on the server with `npm run operator:create`.
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
/**
 * True while the bank has fewer than two active admins: nobody can approve a proposal about
 * operators (nor any other act that needs a second admin) until another admin is made with
 * `npm run operator:create` and has enrolled.
 */
const waitsForSecondAdminSchema = z.boolean();
export const operatorsResponseSchema = z.object({ items: z.array(operatorRowSchema), waitsForSecondAdmin: waitsForSecondAdminSchema });
export type OperatorsResponse = z.infer<typeof operatorsResponseSchema>;

const rolesSchema = z.array(operatorRoleSchema).min(1, 'validation.roles.required').max(3);

/**
 * POST /api/backoffice/operators (admin): invites. Every new invitation, whatever its roles, is a
 * proposal (`approval`, with `reason` required) that a second admin approves; the operator is
 * created and mailed an enrolment link only then. Inviting again an operator who has not enrolled
 * yet, with the same roles, mails a new link at once (`operator`, no reason needed).
 */
export const inviteOperatorRequestSchema = z.object({ email: emailSchema, name: requiredText(), roles: rolesSchema, reason: z.string().trim().max(2000).optional() });
export type InviteOperatorRequest = z.input<typeof inviteOperatorRequestSchema>;
export const inviteOperatorResponseSchema = z.object({
  operator: operatorRowSchema.nullable(),
  approval: approvalItemSchema.nullable(),
  /** True when `approval` waits because the bank has fewer than two active admins. */
  waitsForSecondAdmin: waitsForSecondAdminSchema,
});
export type InviteOperatorResponse = z.infer<typeof inviteOperatorResponseSchema>;

/** What roles, reactivate and reset-authenticator answer: the proposal, and whether it waits for a second admin to exist. */
export const operatorProposedResponseSchema = proposedResponseSchema.extend({ waitsForSecondAdmin: waitsForSecondAdminSchema });
export type OperatorProposedResponse = z.infer<typeof operatorProposedResponseSchema>;

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
