import { PROTOCOL } from '@bank/contracts';
import type { GetMeResponse } from '@bank/contracts/users/get-me';
import { passwordChangeRequestSchema } from '@bank/contracts/users/password-change';
import { passwordRefreshRequestSchema } from '@bank/contracts/users/password-refresh';
import { passwordResetRequestSchema } from '@bank/contracts/users/password-reset';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { bearerToken, clientIdOf, requireClient, mailLanguage, sendProtocolText } from '../auth';
import { changePassword, requestPasswordReset, resetPassword } from './service';
import { loadUserData } from './user-data';

/** Per-address limits of the password calls (each server counts its own; see auth routes). */
export const PASSWORD_RATE_LIMITS = {
  refresh: { max: 10, timeWindow: 15 * 60_000 },
  reset: { max: 20, timeWindow: 15 * 60_000 },
  change: { max: 20, timeWindow: 15 * 60_000 },
} as const;

/** The signed-in user data and the password calls (docs/product.md#client-calls, docs/api.md). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get('/user/me', { preHandler: requireClient, config: { openToClosedClient: true } }, async (request): Promise<GetMeResponse> => {
    return loadUserData(deps.db, clientIdOf(request), bearerToken(request)!);
  });

  app.post('/user/password/refresh', { config: { rateLimit: PASSWORD_RATE_LIMITS.refresh } }, async (request, reply) => {
    const input = parseWith(passwordRefreshRequestSchema, request.body);
    // Looked up and mailed after the answer: neither its text nor its time tells whether the address is a client's.
    const meta = { ip: request.ip, language: mailLanguage(request, input.language) };
    app.background.afterAnswer(reply, request.log, 'password reset request', () => requestPasswordReset(deps, input.email, meta));
    return sendProtocolText(reply, PROTOCOL.done);
  });

  app.post('/user/password/reset', { config: { rateLimit: PASSWORD_RATE_LIMITS.reset } }, async (request, reply) => {
    const input = parseWith(passwordResetRequestSchema, request.body);
    await resetPassword(deps, input.token, input.newPassword, { ip: request.ip, language: mailLanguage(request, undefined) });
    return sendProtocolText(reply, PROTOCOL.done);
  });

  app.post(
    '/user/password/change',
    { preHandler: requireClient, config: { rateLimit: PASSWORD_RATE_LIMITS.change } },
    async (request, reply) => {
      const input = parseWith(passwordChangeRequestSchema, request.body);
      await changePassword(
        deps,
        { clientId: clientIdOf(request), sessionId: request.session!.sessionId },
        input,
        { ip: request.ip, language: mailLanguage(request, undefined) },
      );
      return sendProtocolText(reply, PROTOCOL.done);
    },
  );
}
