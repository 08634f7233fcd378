import {
  createStandingOrderRequestSchema,
  type ListStandingOrdersResponse,
  type StandingOrderAction,
} from '@bank/contracts';
import type { ClientSchedulesResponse } from '@bank/contracts/backoffice/schedules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, parseWith } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { clientIdOf, requireClient } from '../auth/guard';
import { operatorOf, requireArea } from '../backoffice/guard';
import { uuidParam } from '../backoffice/params';
import { auditRefusals } from '../backoffice/refusals';
import { identifiedClientOnly } from '../kyc/service';
import { ownWrite, replyIdempotently } from '../ledger/idempotency';
import { withPayeeLookups } from '../transfers/payee-lookup';
import { listScheduledTransfers } from './schedules';
import { changeStandingOrder, createStandingOrder, listStandingOrders } from './service';

/**
 * Standing orders (client): POST/GET /api/standing-orders and POST /api/standing-orders/:id/pause,
 * resume and cancel; and the back office's GET /api/backoffice/clients/:clientId/schedules.
 */
export default async function standingOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // An operator's refused look (403) is on the trail, as in the rest of the back office.
  auditRefusals(app);

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

  // Reading a client's schedules is a look at the client's data: audited like the client's card.
  app.get('/backoffice/clients/:clientId/schedules', { preHandler: requireArea('overview') }, async (request): Promise<ClientSchedulesResponse> => {
    const clientId = uuidParam(request, 'clientId');
    const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
    if (!client) throw new AppError('NOT_FOUND');
    const [scheduledTransfers, standingOrders] = await Promise.all([listScheduledTransfers(db, clientId), listStandingOrders(db, clientId)]);
    await recordAudit(db, {
      actorType: 'operator',
      actorId: operatorOf(request).id,
      action: 'backoffice.schedulesViewed',
      subjectType: 'client',
      subjectId: clientId,
      ip: request.ip,
    });
    return { scheduledTransfers, standingOrders };
  });
}
