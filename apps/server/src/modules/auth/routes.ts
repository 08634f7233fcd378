import { PROTOCOL } from '@bank/contracts';
import type { CodeSentResponse, SignInStepOneResponse } from '@bank/contracts/auth/codes';
import { totpDisableRequestSchema, totpEnableRequestSchema, type TotpEnableResponse, type TotpSetupResponse } from '@bank/contracts/auth/two-factor';
import { loginSecondStepSchema, type LoginResponse } from '@bank/contracts/auth/login';
import { loginStepOneRequestSchema } from '@bank/contracts/auth/login-step-one';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { clientIdOf, requireClient } from './guard';
import { mailLanguage } from './mail-templates';
import { sendProtocolText } from './protocol-answer';
import { parseRegistration, registerClient } from './registration';
import { revokeSession } from './sessions';
import { beginSignIn, completeSignIn } from './sign-in';
import { disableAuthenticator, enableAuthenticator, setUpAuthenticator } from './two-factor';

/**
 * Per-address limits of the identity calls, counted by each server: a flood guard in front of the
 * per-e-mail and per-address failure counters that live in the database.
 */
export const AUTH_RATE_LIMITS = {
  registration: { max: 20, timeWindow: 10 * 60_000 },
  signIn: { max: 60, timeWindow: 60_000 },
} as const;

/** Registration, the two sign-in steps and sign-out (SPEC §7, DESIGN §4). */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post('/registrations', { config: { rateLimit: AUTH_RATE_LIMITS.registration } }, async (request, reply) => {
    const input = parseRegistration(request.body);
    const answer: CodeSentResponse = await registerClient(deps, input, { ip: request.ip, language: mailLanguage(request, input.language) });
    return reply.status(201).send(answer);
  });

  app.post('/login/list', { config: { rateLimit: AUTH_RATE_LIMITS.signIn } }, async (request): Promise<SignInStepOneResponse> => {
    const input = parseWith(loginStepOneRequestSchema, request.body);
    return beginSignIn(deps, input, { ip: request.ip, language: mailLanguage(request, input.language) });
  });

  app.post('/login', { config: { rateLimit: AUTH_RATE_LIMITS.signIn } }, async (request): Promise<LoginResponse> => {
    const input = parseWith(loginSecondStepSchema, request.body);
    return completeSignIn(deps, input, { ip: request.ip, language: mailLanguage(request, undefined) });
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

  app.post('/logout', { preHandler: requireClient }, async (request, reply) => {
    const clientId = clientIdOf(request);
    await revokeSession(deps.db, request.session!.sessionId);
    await recordAudit(deps.db, { actorType: 'client', actorId: clientId, action: 'auth.signOut', subjectType: 'client', subjectId: clientId, ip: request.ip });
    return sendProtocolText(reply, PROTOCOL.done);
  });
}
