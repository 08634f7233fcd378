import {
  createStandingOrderRequestSchema,
  type ListStandingOrdersResponse,
  type StandingOrderAction,
} from '@bank/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth';
import { uuidParam } from '../../lib/params';
import { identifiedClientOnly } from '../kyc';
import { ownWrite, replyIdempotently } from '../ledger';
import { withPayeeLookups } from '../operations';
import { changeStandingOrder, createStandingOrder, listStandingOrders } from './service';

/**
 * Standing orders (client): POST/GET /api/standing-orders and POST /api/standing-orders/:id/pause,
 * resume and cancel. The back office reads a client's schedules through backoffice/schedule-routes.ts.
 */
export default async function standingOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.post('/standing-orders', { preHandler: identifiedClientOnly }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const payload = parseWith(createStandingOrderRequestSchema, request.body);
    // A payee looked up in vain counts against the client, as it does for a transfer made now.
    return withPayeeLookups(db, { id: clientId, ip: request.ip }, () =>
      replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/standing-orders' }, async () =>
        ownWrite(clientId, async (trx) => ({ status: 200, body: await createStandingOrder(trx, app.deps.clock, clientId, payload) })),
      ),
    );
  });

  app.get('/standing-orders', { preHandler: requireClient }, async (request): Promise<ListStandingOrdersResponse> => ({
    orders: await listStandingOrders(db, clientIdOf(request)),
  }));

  // A change is a write of the client's like the order itself: an Idempotency-Key replays its first
  // answer (a resume may make an occurrence due today), and it takes its turn in the group commit.
  const change = (action: StandingOrderAction) => async (request: FastifyRequest, reply: FastifyReply) => {
    const clientId = clientIdOf(request);
    const id = uuidParam(request, 'id');
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: `/api/standing-orders/${id}/${action}` }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await changeStandingOrder(trx, app.deps.clock, { id: clientId, ip: request.ip }, id, action) })),
    );
  };
  // Stopping payments is always the client's to do; paying again takes an identified client.
  app.post('/standing-orders/:id/pause', { preHandler: requireClient }, change('pause'));
  app.post('/standing-orders/:id/resume', { preHandler: identifiedClientOnly }, change('resume'));
  app.post('/standing-orders/:id/cancel', { preHandler: requireClient }, change('cancel'));
}
