import { z } from 'zod';
import { currentPasswordSchema } from '../auth/fields';
import { newPasswordSchema } from '../auth/password';

/**
 * POST /api/user/password/change (docs/product.md#client-calls, bearer): the current password, the new one (strength rule of
 * docs/product.md#validation) and its confirmation, which must match. Answers 'Done' and signs the client out of
 * every other session; a wrong current password is a field error on oldPassword.
 */
export const passwordChangeRequestSchema = z
  .object({
    oldPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'validation.password.confirmRequired' }).min(1, { error: 'validation.password.confirmRequired' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.password.mismatch',
    when: (payload) => typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string' && (payload.value as { confirmPassword: string }).confirmPassword !== '',
  });
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const passwordChangeResponseSchema = z.literal('Done');
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

/** Field error of a wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'validation.password.wrongCurrent';
