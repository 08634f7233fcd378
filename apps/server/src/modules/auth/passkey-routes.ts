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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { answerSignedIn, signInOrigin } from './client-session';
import { clientIdOf, requireClient } from './guard';
import { addPasskey, listPasskeys, passkeyChangeMail, passkeyRegistrationOptions, passkeySignInOptions, removePasskey, renamePasskey, signInWithPasskey } from './passkeys';
import { sendProtocolText } from './protocol-answer';
import { AUTH_RATE_LIMITS } from './routes';

/** Mails the client, once the answer is out, that a passkey was added or removed. */
function tellClient(request: FastifyRequest, reply: FastifyReply, clientId: string, change: 'added' | 'removed', name: string): void {
  const { server } = request;
  server.background.afterAnswer(reply, request.log, `passkey ${change} mail`, async () =>
    server.deps.mailer.send(await passkeyChangeMail(server.deps.db, clientId, change, name)),
  );
}

/** The client's passkeys in the settings, and signing in with one (passkeys.ts). */
export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const ceremony = { preHandler: requireClient, config: { rateLimit: AUTH_RATE_LIMITS.signIn } };

  app.post('/user/passkeys/options', ceremony, async (request) =>
    passkeyRegistrationOptions(deps, clientIdOf(request), parseWith(passkeyOptionsRequestSchema, request.body)),
  );
  app.post('/user/passkeys', ceremony, async (request, reply) => {
    const clientId = clientIdOf(request);
    const passkey: Passkey = await addPasskey(deps, clientId, parseWith(passkeyCreateRequestSchema, request.body), request.ip);
    tellClient(request, reply, clientId, 'added', passkey.name);
    return reply.status(201).send(passkey);
  });
  app.get('/user/passkeys', { preHandler: requireClient }, async (request): Promise<PasskeysResponse> => listPasskeys(deps.db, clientIdOf(request)));
  app.patch('/user/passkeys/:id', { preHandler: requireClient }, async (request): Promise<Passkey> => {
    const { id } = parseWith(passkeyIdParamsSchema, request.params);
    return renamePasskey(deps.db, clientIdOf(request), id, parseWith(passkeyRenameRequestSchema, request.body).name, request.ip);
  });
  app.delete('/user/passkeys/:id', { preHandler: requireClient }, async (request, reply) => {
    const { id } = parseWith(passkeyIdParamsSchema, request.params);
    const clientId = clientIdOf(request);
    const { name } = await removePasskey(deps.db, clientId, id, request.ip);
    tellClient(request, reply, clientId, 'removed', name);
    return sendProtocolText(reply, PROTOCOL.done);
  });

  const signIn = { config: { rateLimit: AUTH_RATE_LIMITS.signIn } };
  app.post('/login/passkey/options', signIn, async () => passkeySignInOptions(deps));
  app.post('/login/passkey', signIn, async (request, reply): Promise<LoginResponse> => {
    const { response } = parseWith(passkeySignInRequestSchema, request.body);
    return answerSignedIn(request, reply, await signInWithPasskey(deps, response, signInOrigin(request)));
  });
}
