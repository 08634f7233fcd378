import {
  depositClosingConfirmationSchema,
  depositOpeningConfirmationSchema,
  depositIdSchema,
  depositTermsSchema,
  type DepositCloseQuote,
  type DepositQuote,
  type DepositRatesInForce,
  type ListDepositsResponse,
} from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf } from '../auth';
import { bankToday } from '../jobs';
import { identifiedClientOnly } from '../kyc';
import { ownWrite, replyIdempotently } from '../ledger';
import { closeDepositEarly, closeQuote } from './close';
import { openDeposit } from './open';
import { priceDeposit, quoteOf } from './quote';
import { depositRatesInForce } from './rate-table';
import { depositsOfClient } from './read';

/**
 * Per-address limits of the deposit forms: a quote is asked again as the client changes the terms,
 * an opening or a closing is asked once. Reading the list is not limited, as no list of the cabinet is.
 * The public rate table is read once per load of a public page, and the browser keeps it for
 * PUBLIC_RATES_MAX_AGE_SECONDS, so a visitor reading page after page stays far below its limit.
 */
export const DEPOSIT_RATE_LIMITS = {
  quote: { max: 120, timeWindow: 60_000 },
  write: { max: 30, timeWindow: 60_000 },
  publicRates: { max: 60, timeWindow: 60_000 },
} as const;

/** How long a browser or proxy may keep the public rate table: an approved change shows within a minute. */
export const PUBLIC_RATES_MAX_AGE_SECONDS = 60;

/**
 * Term deposits (docs/product.md#tariffs-and-limits, docs/deposits.md), for identified clients: GET /api/deposit/quote, POST
 * /api/deposit/create, GET /api/deposit/list, GET /api/deposit/close-quote and POST
 * /api/deposit/close; and, for anyone, GET /api/deposit/rates, the table the public pages print. The writes move money: each takes its turn in the group commit as its
 * client's own write (a savepoint of the batch's transaction, so a refused one writes nothing),
 * and an Idempotency-Key replays its first answer, as for /api/transaction/create.
 */
export default async function depositRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  // Public: the rates the bank offers are no secret, and the answer is the same for every visitor.
  app.get('/deposit/rates', { config: { rateLimit: DEPOSIT_RATE_LIMITS.publicRates } }, async (_request, reply): Promise<DepositRatesInForce> => {
    const inForce = await depositRatesInForce(db);
    reply.header('cache-control', `public, max-age=${PUBLIC_RATES_MAX_AGE_SECONDS}`);
    return { rates: inForce.rates, since: inForce.since ? inForce.since.toISOString() : null };
  });

  app.get('/deposit/quote', { preHandler: identifiedClientOnly, config: { rateLimit: DEPOSIT_RATE_LIMITS.quote } }, async (request): Promise<DepositQuote> => {
    const terms = parseWith(depositTermsSchema, request.query);
    return quoteOf(await priceDeposit(db, app.deps, clientIdOf(request), terms));
  });

  app.post('/deposit/create', { preHandler: identifiedClientOnly, config: { rateLimit: DEPOSIT_RATE_LIMITS.write } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const terms = parseWith(depositTermsSchema, request.body);
    const { expected } = parseWith(depositOpeningConfirmationSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/deposit/create' }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await openDeposit(trx, app.deps, { id: clientId, ip: request.ip }, terms, { expected }) })),
    );
  });

  app.get('/deposit/list', { preHandler: identifiedClientOnly }, async (request): Promise<ListDepositsResponse> => ({
    deposits: await depositsOfClient(db, clientIdOf(request), bankToday(app.deps.clock)),
  }));

  app.get('/deposit/close-quote', { preHandler: identifiedClientOnly, config: { rateLimit: DEPOSIT_RATE_LIMITS.quote } }, async (request): Promise<DepositCloseQuote> => {
    const { depositId } = parseWith(depositIdSchema, request.query);
    return closeQuote(db, app.deps.clock, clientIdOf(request), depositId);
  });

  app.post('/deposit/close', { preHandler: identifiedClientOnly, config: { rateLimit: DEPOSIT_RATE_LIMITS.write } }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const { depositId } = parseWith(depositIdSchema, request.body);
    const { expected } = parseWith(depositClosingConfirmationSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/deposit/close' }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await closeDepositEarly(trx, app.deps.clock, { id: clientId, ip: request.ip }, depositId, expected) })),
    );
  });
}
