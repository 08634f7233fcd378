import { z } from 'zod';

/** docs/product.md#tariffs-and-limits: the one-time e-mail code is valid for 120 seconds; the screen counts it down as mm:ss. */
export const LOGIN_CODE_TTL_SECONDS = 120;
/** Six digits from the secure random source. */
export const LOGIN_CODE_LENGTH = 6;
/** Wrong codes a challenge survives; the fifth wrong one burns it. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

export const emailCodeSchema = z
  .string({ error: 'validation.code.required' })
  .trim()
  .min(1, { error: 'validation.code.required' })
  .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), { error: 'validation.code.invalid' });

/** The answer of a call that e-mailed a code (sign-in step 1, registration). */
export const codeSentResponseSchema = z.object({
  codeSent: z.literal(true),
  expiresInSeconds: z.number().int().positive(),
});
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

/** Sign-in step 1 of a client with an authenticator app: no e-mail is sent; step 2 takes the app's code. */
export const authenticatorRequiredResponseSchema = z.object({ codeSent: z.literal(false), authenticatorRequired: z.literal(true) });
export const signInStepOneResponseSchema = z.union([codeSentResponseSchema, authenticatorRequiredResponseSchema]);
export type SignInStepOneResponse = z.infer<typeof signInStepOneResponseSchema>;
