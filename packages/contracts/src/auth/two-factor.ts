import { z } from 'zod';
import { totpCodeSchema } from '../backoffice/sign-in';
import { currentPasswordSchema } from './fields';

/**
 * Two-factor sign-in with an authenticator app for clients (RFC 6238: 6 digits, 30 s, like the
 * back office's). Turned on in two calls: setup shows a secret, enable confirms it with a code and
 * answers ten single-use recovery codes, shown once. Turned off with the password and a code.
 */
export const RECOVERY_CODE_COUNT = 10;
/** Ten letters and digits of base32 in two groups: easy to read out and type. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** A code from the authenticator app or, in its place, one recovery code. */
export const secondFactorCodeSchema = z
  .string({ error: 'validation.code.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.code.required')
  .refine((code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code), 'validation.code.invalid');

/** POST /api/user/two-factor/setup: a new secret, pending until enabled. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/**
 * POST /api/user/two-factor/enable: the password and the first code from the app confirm the
 * secret (a stolen session alone cannot bind another's app to the account).
 */
export const totpEnableRequestSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
export const totpEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;

/** POST /api/user/two-factor/disable: the password and a current code (or a recovery code). */
export const totpDisableRequestSchema = z.object({ password: currentPasswordSchema, code: secondFactorCodeSchema });
