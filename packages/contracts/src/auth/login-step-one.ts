import { z } from 'zod';
import { signInStepOneResponseSchema } from './codes';
import { languageSchema, signInCredentialsSchema } from './fields';

/**
 * POST /api/login/list, sign-in step 1: e-mail and password. When both are right a 6-digit code is
 * e-mailed (for a client with an authenticator app nothing is, and step 2 takes the app's code); a
 * wrong e-mail and a wrong password get the same answer (400 INVALID_CREDENTIALS).
 */
export const loginStepOneRequestSchema = signInCredentialsSchema.extend({ language: languageSchema });
export type LoginStepOneRequest = z.input<typeof loginStepOneRequestSchema>;

export const loginStepOneResponseSchema = signInStepOneResponseSchema;
export type LoginStepOneResponse = z.infer<typeof loginStepOneResponseSchema>;
