import type { UserData } from '@bank/contracts/users/user-data';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type OpenedSession, DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PATH } from '../auth';
import { loadUserData } from './user-data';

/**
 * Answers a sign-in: the device cookie (HttpOnly, sent back only to the sign-in calls) is renewed.
 * The new-device alert is already in the outbox: a slow or failing mail server never holds the
 * sign-in up.
 */
export async function answerSignedIn(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): Promise<UserData> {
  const { server } = request;
  const user = await loadUserData(server.deps.db, opened.clientId, opened.token);
  reply.header(
    'set-cookie',
    server.serializeCookie(DEVICE_COOKIE, opened.deviceToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: server.deps.config.appUrl.startsWith('https:'),
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    }),
  );
  return user;
}
