import { PROTOCOL } from '@bank/contracts';
import type { LoginResponse } from '@bank/contracts/auth/login';
import {
  passkeyCreateRequestSchema,
  passkeyIdParamsSchema,
  passkeyOptionsRequestSchema,
  passkeyRenameRequestSchema,
  passkeySignInRequestSchema,
  type Passkey,
  type PasskeysResponse,
} from '@bank/contracts/auth/passkeys';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { signInOrigin, clientIdOf, requireClient, addPasskey, listPasskeys, passkeyRegistrationOptions, passkeySignInOptions, removePasskey, renamePasskey, signInWithPasskey, sendProtocolText } from '../auth';
import { answerSignedIn } from './signed-in';
import { AUTH_RATE_LIMITS } from './auth-routes';

/** The client's passkeys in the settings, and signing in with one (passkeys.ts). */
export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const ceremony = { preHandler: requireClient, config: { rateLimit: AUTH_RATE_LIMITS.signIn } };

  app.post('/user/passkeys/options', ceremony, async (request) =>
    passkeyRegistrationOptions(deps, clientIdOf(request), parseWith(passkeyOptionsRequestSchema, request.body), request.ip),
  );
  app.post('/user/passkeys', ceremony, async (request, reply) => {
    const passkey: Passkey = await addPasskey(deps, clientIdOf(request), parseWith(passkeyCreateRequestSchema, request.body), request.ip);
    return reply.status(201).send(passkey);
  });
  app.get('/user/passkeys', { preHandler: requireClient }, async (request): Promise<PasskeysResponse> => listPasskeys(deps.db, clientIdOf(request)));
  app.patch('/user/passkeys/:id', { preHandler: requireClient }, async (request): Promise<Passkey> => {
    const { id } = parseWith(passkeyIdParamsSchema, request.params);
    return renamePasskey(deps.db, clientIdOf(request), id, parseWith(passkeyRenameRequestSchema, request.body).name, request.ip);
  });
  app.delete('/user/passkeys/:id', { preHandler: requireClient }, async (request, reply) => {
    const { id } = parseWith(passkeyIdParamsSchema, request.params);
    await removePasskey(deps, clientIdOf(request), id, request.ip);
    return sendProtocolText(reply, PROTOCOL.done);
  });

  const signIn = { config: { rateLimit: AUTH_RATE_LIMITS.signIn } };
  app.post('/login/passkey/options', signIn, async () => passkeySignInOptions(deps));
  app.post('/login/passkey', signIn, async (request, reply): Promise<LoginResponse> => {
    const { response } = parseWith(passkeySignInRequestSchema, request.body);
    return answerSignedIn(request, reply, await signInWithPasskey(deps, response, signInOrigin(request)));
  });
}
