import { z } from 'zod';
import { emailSchema, languageSchema } from '../auth/fields';

/** A reset link stays valid for 30 minutes and works once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * POST /api/user/password/refresh (docs/product.md#client-calls, no token): always answers 'Done', so nobody learns who
 * is a client; when the e-mail is a client's, a reset link to /reset_password?token=… is mailed.
 */
export const passwordRefreshRequestSchema = z.object({ email: emailSchema, language: languageSchema });
export type PasswordRefreshRequest = z.input<typeof passwordRefreshRequestSchema>;

export const passwordRefreshResponseSchema = z.literal('Done');
export type PasswordRefreshResponse = z.infer<typeof passwordRefreshResponseSchema>;
