import type { FastifyInstance } from 'fastify';
import { isDatabaseReady } from '../../db';

/** GET /api/health: liveness and database readiness (503 when the database does not answer). */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const ready = await isDatabaseReady(app.deps.db);
    return reply.status(ready ? 200 : 503).send({
      status: ready ? 'ok' : 'unavailable',
      database: { kind: app.deps.databaseKind, ready },
    });
  });
}
