import { z } from 'zod';
import { userDataSchema } from '../users/user-data';
import { emailCodeSchema } from './codes';
import { secondFactorCodeSchema } from './two-factor';
import { signInCredentialsSchema } from './fields';

/**
 * POST /api/login, sign-in step 2 and registration step 2: e-mail, password and the e-mailed code.
 * Answers the user data of docs/product.md#data with a fresh userToken; the web app stores it as the user state.
 */
export const loginRequestSchema = signInCredentialsSchema.extend({ emailCode: emailCodeSchema });

/**
 * What the server accepts in step 2: the same fields, the code being the e-mailed one, or for a
 * client with an authenticator app (two-factor.ts) the app's code or a recovery code.
 */
export const loginSecondStepSchema = signInCredentialsSchema.extend({ emailCode: secondFactorCodeSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = userDataSchema;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
