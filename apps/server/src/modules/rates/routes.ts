import { convertRequestSchema } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { refuseStaleRates } from './freshness';
import { quote } from './service';

/** POST /api/converter/convert (no token): {from, to, amount} → {rate, convertedAmount, …}. */
export default async function rateRoutes(app: FastifyInstance): Promise<void> {
  app.post('/converter/convert', async (request) => {
    const question = parseWith(convertRequestSchema, request.body);
    await refuseStaleRates(app.deps);
    return quote(app.deps.db, question.from, question.to, question.amount);
  });
}
