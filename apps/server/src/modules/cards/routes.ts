import { activateCardRequestSchema, cardLimitsRequestSchema, orderCardRequestSchema, replaceCardRequestSchema, revealCardRequestSchema, type Card, type ListCardsResponse, type RevealedCard } from '@bank/contracts/cards/cards';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseWith } from '../../lib/errors';
import { uuidParam } from '../../lib/params';
import { clientIdOf, requireClient } from '../auth';
import { identifiedClientOnly } from '../kyc';
import { ownWrite, replyIdempotently } from '../ledger';
import { activateCard, listCards, moveCard, orderCard, replaceCard, setCardLimits } from './issuing';
import { revealCard } from './reveal';

/** Orders and changes of a card a person makes a few times, not a script. */
export const CARD_RATE_LIMITS = { write: { max: 30, timeWindow: 60_000 }, reveal: { max: 10, timeWindow: 60_000 } } as const;

/**
 * The holder's card calls (docs/cards.md): ordering (with an Idempotency-Key, as it charges the
 * fee), the list, the step-up reveal, freezing, limits, replacing and activating. Only an identified
 * client orders; another client's card is a 404.
 */
export default async function cardRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const write = { preHandler: identifiedClientOnly, config: { rateLimit: CARD_RATE_LIMITS.write } };
  const client = (request: { ip: string } & Parameters<typeof clientIdOf>[0]) => ({ id: clientIdOf(request), ip: request.ip });

  app.get('/cards', { preHandler: requireClient }, async (request): Promise<ListCardsResponse> => ({ cards: await listCards(app.deps, clientIdOf(request)) }));

  app.post('/cards', write, async (request, reply) => {
    const holder = client(request);
    const order = parseWith(orderCardRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: holder.id, path: '/api/cards' }, async () =>
      ownWrite(holder.id, async (trx) => ({ status: 200, body: await orderCard(trx, app.deps, holder, order) })),
    );
  });

  app.post('/cards/:id/reveal', { preHandler: requireClient, config: { rateLimit: CARD_RATE_LIMITS.reveal } }, async (request, reply): Promise<RevealedCard> => {
    const { password, totpCode } = parseWith(revealCardRequestSchema, request.body);
    const revealed = await revealCard(app.deps, client(request), uuidParam(request, 'id'), { password: password ?? '', code: totpCode });
    reply.header('cache-control', 'no-store');
    return revealed;
  });

  // Each path is written out whole: the fault suite reads registered paths from the source (docs/reliability.md#the-fault-suite).
  const move = (to: 'freeze' | 'unfreeze') => async (request: FastifyRequest): Promise<Card> =>
    db.transaction().execute((trx) => moveCard(trx, app.deps, client(request), uuidParam(request, 'id'), to));
  app.post('/cards/:id/freeze', write, move('freeze'));
  app.post('/cards/:id/unfreeze', write, move('unfreeze'));

  app.patch('/cards/:id/limits', write, async (request): Promise<Card> => {
    const limits = parseWith(cardLimitsRequestSchema, request.body);
    return db.transaction().execute((trx) => setCardLimits(trx, app.deps, client(request), uuidParam(request, 'id'), limits));
  });

  app.post('/cards/:id/replace', write, async (request): Promise<Card> => {
    const { reason } = parseWith(replaceCardRequestSchema, request.body);
    return db.transaction().execute((trx) => replaceCard(trx, app.deps, client(request), uuidParam(request, 'id'), reason));
  });

  app.post('/cards/:id/activate', write, async (request): Promise<Card> => {
    const { last4 } = parseWith(activateCardRequestSchema, request.body);
    return db.transaction().execute((trx) => activateCard(trx, app.deps, client(request), uuidParam(request, 'id'), last4));
  });
}
