import { z } from 'zod';
import { newPasswordSchema } from '../auth/password';

/**
 * POST /api/user/password/reset (no token): the token from the mailed link and the new password
 * (SPEC §5 strength rule). Answers 'Done' and signs the client out everywhere; an unknown, used or
 * expired token is a 400 field error on token ('validation.resetToken.invalid').
 */
export const passwordResetRequestSchema = z.object({
  token: z.string({ error: 'validation.resetToken.invalid' }).min(16, { error: 'validation.resetToken.invalid' }).max(200, { error: 'validation.resetToken.invalid' }),
  newPassword: newPasswordSchema,
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetResponseSchema = z.literal('Done');
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;
