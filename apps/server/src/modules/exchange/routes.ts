import { exchangeRateQuerySchema, type ExchangeRateResponse } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { refuseStaleRates, quote } from '../rates';

/** GET /api/exchange/rate?from&to&amount: the quote the exchange screen shows and the client confirms. */
export default async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/exchange/rate', async (request): Promise<ExchangeRateResponse> => {
    const question = parseWith(exchangeRateQuerySchema, request.query);
    await refuseStaleRates(app.deps);
    return quote(app.deps.db, question.from, question.to, question.amount);
  });
}
