import { z } from 'zod';
import { newPasswordSchema } from '../auth/password';

/**
 * POST /api/user/password/reset (no token): the token from the mailed link and the new password
 * (strength rule of docs/product.md#validation). Answers 'Done' and signs the client out everywhere; an unknown, used or
 * expired token is a 400 field error on token ('validation.resetToken.invalid').
 */
export const passwordResetRequestSchema = z.object({
  token: z.string({ error: 'validation.resetToken.invalid' }).min(16, { error: 'validation.resetToken.invalid' }).max(200, { error: 'validation.resetToken.invalid' }),
  newPassword: newPasswordSchema,
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetResponseSchema = z.literal('Done');
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

/** The form of the reset page: the new password typed twice (only newPassword is sent). */
export const passwordResetFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'validation.password.confirmRequired' }).min(1, { error: 'validation.password.confirmRequired' }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation.password.mismatch',
    when: (payload) => Boolean((payload.value as { confirmPassword?: unknown } | undefined)?.confirmPassword),
  });
