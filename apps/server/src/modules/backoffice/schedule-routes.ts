import type { ClientSchedulesResponse } from '@bank/contracts/backoffice/schedules';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { uuidParam } from '../../lib/params';
import { recordAudit } from '../audit';
import { listScheduledTransfers, listStandingOrders } from '../standing-orders';
import { operatorOf, requireArea } from './guard';
import { auditRefusals } from './refusals';

/** The back office's GET /api/backoffice/clients/:clientId/schedules: a client's dated payments and standing orders. */
export default async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  // An operator's refused look (403) is on the trail, as in the rest of the back office.
  auditRefusals(app);

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
