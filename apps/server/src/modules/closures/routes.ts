import { closureCryptoPayoutRequestSchema, closurePayoutRequestSchema, type ClosureStatus } from '@bank/contracts/closure/closure';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth';
import { ownWrite, replyIdempotently } from '../ledger';
import { requestClosurePayout, requestCryptoClosurePayout } from './payout';
import { closureStatus } from './status';

/** A closed client names the payout's account a few times at most; more is a script. */
export const CLOSURE_PAYOUT_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/**
 * The calls of a client the bank has closed (docs/bank-controls.md#closing-a-client): the closure
 * and the payout of what remains, from the accounts and from each wallet. Both answer only such a client (another gets 404 from the first,
 * and nothing to pay from the second); with the user data, sign-out and the statement they are the
 * only client calls open to one.
 */
export default async function closureRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const open = { preHandler: requireClient, config: { openToClosedClient: true } };

  app.get('/closure', open, async (request): Promise<ClosureStatus> => closureStatus(db, clientIdOf(request)));

  app.post('/closure/payout', { ...open, config: { ...open.config, rateLimit: CLOSURE_PAYOUT_RATE_LIMIT } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const payout = parseWith(closurePayoutRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/closure/payout' }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await requestClosurePayout(trx, { id: clientId, ip: request.ip }, payout) })),
    );
  });

  app.post('/closure/crypto-payout', { ...open, config: { ...open.config, rateLimit: CLOSURE_PAYOUT_RATE_LIMIT } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const payout = parseWith(closureCryptoPayoutRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/closure/crypto-payout' }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await requestCryptoClosurePayout(trx, { id: clientId, ip: request.ip }, payout) })),
    );
  });
}
