import type { StatementSigningKeys } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { statementSigningKey, statementVerifyingKeys } from './signing-key';

/** How long a cache may keep the published keys: they change only when the bank rotates them. */
const PUBLIC_KEY_MAX_AGE_SECONDS = 3600;

/**
 * GET /.well-known/statement-signing-key: the statements' Ed25519 public key (SPKI PEM), so anyone
 * can check a statement's signature offline (docs/api.md); its id in `x-statement-key-id`. Asked for
 * JSON, it lists every published key with its id: the signing one and the earlier ones, whose
 * statements still verify. Outside /api, registered before the web app's page fallback, which would
 * otherwise answer this path with the app's page.
 */
export default async function signingKeyRoute(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/statement-signing-key', async (request, reply) => {
    const key = await statementSigningKey(app.deps.config);
    reply
      .header('cache-control', `public, max-age=${PUBLIC_KEY_MAX_AGE_SECONDS}`)
      .header('vary', 'accept')
      .header('x-statement-key-id', key.keyId);
    // The plain PEM stays the default: `curl … > key.pem` and existing verifiers read it as a key file.
    if (!/\bapplication\/json\b/i.test(request.headers.accept ?? '')) {
      return reply.header('content-type', 'text/plain; charset=utf-8').send(key.publicKeyPem);
    }
    const keys = await statementVerifyingKeys(app.deps.config);
    const answer: StatementSigningKeys = {
      keyId: key.keyId,
      publicKeyPem: key.publicKeyPem,
      keys: keys.map((published) => ({ id: published.keyId, publicKeyPem: published.publicKeyPem, current: published.keyId === key.keyId })),
    };
    return reply.send(answer);
  });
}
