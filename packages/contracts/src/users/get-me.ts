import { z } from 'zod';
import { userDataSchema } from './user-data';

/** GET /api/user/me (bearer): the signed-in user data again, the same shape as the sign-in answer. */
export const getMeResponseSchema = userDataSchema;
export type GetMeResponse = z.infer<typeof getMeResponseSchema>;
