import { z } from 'zod';

/** POST /api/logout (bearer): revokes the token it is sent with; answers 'Done'. */
export const logoutResponseSchema = z.literal('Done');
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
