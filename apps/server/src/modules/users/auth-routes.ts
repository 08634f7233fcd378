import { PROTOCOL } from '@bank/contracts';
import type { CodeSentResponse, SignInStepOneResponse } from '@bank/contracts/auth/codes';
import { totpDisableRequestSchema, totpEnableRequestSchema, type TotpEnableResponse, type TotpSetupResponse } from '@bank/contracts/auth/two-factor';
import { loginSecondStepSchema, type LoginResponse } from '@bank/contracts/auth/login';
import { loginStepOneRequestSchema } from '@bank/contracts/auth/login-step-one';
import { sessionIdParamsSchema, type ClientSessionsResponse, type EndOtherSessionsResponse } from '@bank/contracts/auth/sessions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { recordAudit } from '../audit';
import { signInOrigin, clientIdOf, requireClient, mailLanguage, sendProtocolText, parseRegistration, registerClient, endClientSession, endOtherClientSessions, listClientSessions, revokeSession, beginSignIn, completeSignIn, disableAuthenticator, enableAuthenticator, setUpAuthenticator } from '../auth';
import { answerSignedIn } from './signed-in';

/**
 * Per-address limits of the identity calls, counted by each server: a flood guard in front of the
 * sign-in lockouts (lockouts.ts) that live in the database.
 */
export const AUTH_RATE_LIMITS = {
  registration: { max: 20, timeWindow: 10 * 60_000 },
  signIn: { max: 60, timeWindow: 60_000 },
} as const;

/** Registration, the two sign-in steps and sign-out (docs/product.md#client-calls, docs/api.md). */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post('/registrations', { config: { rateLimit: AUTH_RATE_LIMITS.registration } }, async (request, reply) => {
    const input = parseRegistration(request.body);
    const answer: CodeSentResponse = await registerClient(deps, input, { ip: request.ip, language: mailLanguage(request, input.language) });
    return reply.status(201).send(answer);
  });

  app.post('/login/list', { config: { rateLimit: AUTH_RATE_LIMITS.signIn } }, async (request): Promise<SignInStepOneResponse> => {
    const input = parseWith(loginStepOneRequestSchema, request.body);
    const { ip, deviceToken } = signInOrigin(request);
    return beginSignIn(deps, input, { ip, deviceToken, language: mailLanguage(request, input.language) });
  });

  app.post('/login', { config: { rateLimit: AUTH_RATE_LIMITS.signIn } }, async (request, reply): Promise<LoginResponse> => {
    const input = parseWith(loginSecondStepSchema, request.body);
    return answerSignedIn(request, reply, await completeSignIn(deps, input, signInOrigin(request)));
  });

  // Two-factor sign-in with an authenticator app (two-factor.ts).
  const twoFactor = { preHandler: requireClient, config: { rateLimit: AUTH_RATE_LIMITS.signIn } };
  app.post('/user/two-factor/setup', twoFactor, async (request): Promise<TotpSetupResponse> => setUpAuthenticator(deps, clientIdOf(request)));
  const sessionOf = (request: FastifyRequest) => ({ clientId: clientIdOf(request), sessionId: request.session!.sessionId });
  app.post('/user/two-factor/enable', twoFactor, async (request): Promise<TotpEnableResponse> =>
    enableAuthenticator(deps, sessionOf(request), parseWith(totpEnableRequestSchema, request.body), request.ip),
  );
  app.post('/user/two-factor/disable', twoFactor, async (request, reply) => {
    await disableAuthenticator(deps, sessionOf(request), parseWith(totpDisableRequestSchema, request.body), request.ip);
    return sendProtocolText(reply, PROTOCOL.done);
  });

  // The client's live sessions, and ending them (session-list.ts).
  app.get('/user/sessions', { preHandler: requireClient }, async (request): Promise<ClientSessionsResponse> =>
    listClientSessions(deps.db, sessionOf(request)),
  );
  app.delete('/user/sessions/:id', { preHandler: requireClient }, async (request, reply) => {
    const { id } = parseWith(sessionIdParamsSchema, request.params);
    await endClientSession(deps.db, sessionOf(request), id, request.ip);
    return sendProtocolText(reply, PROTOCOL.done);
  });
  app.post('/user/sessions/end-others', { preHandler: requireClient }, async (request): Promise<EndOtherSessionsResponse> =>
    endOtherClientSessions(deps.db, sessionOf(request), request.ip),
  );

  app.post('/logout', { preHandler: requireClient, config: { openToClosedClient: true } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    await revokeSession(deps.db, request.session!.sessionId);
    await recordAudit(deps.db, { actorType: 'client', actorId: clientId, action: 'auth.signOut', subjectType: 'client', subjectId: clientId, ip: request.ip });
    return sendProtocolText(reply, PROTOCOL.done);
  });
}
