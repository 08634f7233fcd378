import { z } from 'zod';
import { signInCredentialsSchema } from '../auth/fields';
import { operatorSchema } from './roles';

/**
 * POST /api/backoffice/login. Operators sign in with e-mail, password and a code from an
 * authenticator app (RFC 6238: 6 digits, 30 s). The code is optional in the first call so that the
 * screen can ask for it in a second step. Both are set by the operator through a mailed enrolment
 * link (operators.ts), never at sign-in.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Wrong codes before the operator is locked (at sign-in, only from the address they came from), and for how long. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MINUTES = 15;

export const totpCodeSchema = z
  .string({ error: 'validation.totpCode.required' })
  .trim()
  .min(1, 'validation.totpCode.required')
  .regex(/^\d{6}$/, 'validation.totpCode.invalid');

export const operatorLoginRequestSchema = signInCredentialsSchema.extend({
  totpCode: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(totpCodeSchema.optional()),
});
export type OperatorLoginRequest = z.input<typeof operatorLoginRequestSchema>;

export const operatorSignedInSchema = z.object({ operatorToken: z.string(), operator: operatorSchema });
export type OperatorSignedIn = z.infer<typeof operatorSignedInSchema>;

/** Right password, enrolled, no code yet: the screen asks for it. */
export const operatorCodeRequiredSchema = z.object({ totpRequired: z.literal(true) });

export const operatorLoginResponseSchema = z.union([operatorSignedInSchema, operatorCodeRequiredSchema]);
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;

/** GET /api/backoffice/me */
export const operatorMeResponseSchema = operatorSchema;
