import { blockCardRequestSchema, cardProductionRequestSchema, type ClientCardsResponse } from '@bank/contracts/cards/cards';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { uuidParam } from '../../lib/params';
import { advanceCardProduction, blockCardByBank, clientCardsForOperators } from '../cards';
import { operatorOf, requireArea } from './guard';

/**
 * Cards in the back office (docs/cards.md#the-back-office), for the payments area: a client's cards,
 * the last four digits at most, with their latest authorisations and declines; blocking a card, at once (it protects the client and moves no
 * money); a physical card produced, then shipped.
 */
export function cardRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const payments = { preHandler: requireArea('payments') };

  app.get('/backoffice/clients/:clientId/cards', payments, async (request): Promise<ClientCardsResponse> =>
    clientCardsForOperators(app.deps, uuidParam(request, 'clientId')),
  );

  app.post('/backoffice/cards/:cardId/block', payments, async (request, reply) => {
    const { reason } = parseWith(blockCardRequestSchema, request.body);
    await db.transaction().execute((trx) => blockCardByBank(trx, app.deps, operatorOf(request).id, uuidParam(request, 'cardId'), reason));
    return reply.status(204).send();
  });

  app.post('/backoffice/cards/:cardId/status', payments, async (request, reply) => {
    const { status } = parseWith(cardProductionRequestSchema, request.body);
    await db.transaction().execute((trx) => advanceCardProduction(trx, operatorOf(request).id, uuidParam(request, 'cardId'), status));
    return reply.status(204).send();
  });
}
