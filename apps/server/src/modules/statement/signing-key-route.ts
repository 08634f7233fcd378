import type { FastifyInstance } from 'fastify';
import { statementSigningKey } from './signing-key';

/** How long a cache may keep the published key: it changes only when the bank rotates it. */
const PUBLIC_KEY_MAX_AGE_SECONDS = 3600;

/**
 * GET /.well-known/statement-signing-key: the statements' Ed25519 public key (SPKI PEM), so anyone
 * can check a statement's signature offline (README). Outside /api, registered before the web
 * app's page fallback, which would otherwise answer this path with the app's page.
 */
export default async function signingKeyRoute(app: FastifyInstance): Promise<void> {
  app.get('/.well-known/statement-signing-key', async (_request, reply) => {
    const key = await statementSigningKey(app.deps.config);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${PUBLIC_KEY_MAX_AGE_SECONDS}`)
      .header('x-statement-key-id', key.keyId)
      .send(key.publicKeyPem);
  });
}
