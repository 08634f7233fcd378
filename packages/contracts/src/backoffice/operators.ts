import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { emailSchema } from '../auth/fields';
import { newPasswordSchema } from '../auth/password';
import { operatorRoleSchema, operatorSchema } from './roles';

/** GET /api/backoffice/operators (admin) */
export const operatorRowSchema = operatorSchema.extend({ enrolled: z.boolean(), createdAt: z.string() });
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorsResponseSchema = z.object({ items: z.array(operatorRowSchema) });

/** POST /api/backoffice/operators (admin): the new operator enrols an authenticator at first sign-in. */
export const createOperatorRequestSchema = z.object({
  email: emailSchema,
  name: requiredText(),
  password: newPasswordSchema,
  roles: z.array(operatorRoleSchema).min(1, 'validation.roles.required').max(3),
});
export type CreateOperatorRequest = z.input<typeof createOperatorRequestSchema>;
export const createOperatorResponseSchema = operatorRowSchema;

/** POST /api/backoffice/operators/:operatorId/reset-totp (admin): the operator enrols again at next sign-in; its sessions end. */
export const resetTotpResponseSchema = operatorRowSchema;
