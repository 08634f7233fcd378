import { balanceHistoryQuerySchema, statementQuerySchema, templatesQuerySchema, type BalanceHistoryResponse, type StatementPage, type TransferTemplate } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth';
import { readBalanceHistory } from './balance-history';
import { STATEMENT_FILE_WRITERS } from './exports';
import { readStatementPage } from './service';
import { listTemplates } from './templates';
import verifyRoutes from './verify-routes';

/**
 * GET /api/statement (a page as JSON, or the whole filtered statement as a file: exports.ts) and
 * GET /api/statement/templates, and GET /api/statement/balance-history (the accounts overview's
 * charts, on the statement's booked balances). Only the signed-in client's own rows, ever. The public checks of a
 * signed statement are in verify-routes.ts.
 */
export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  app.get('/statement', { preHandler: requireClient, config: { openToClosedClient: true } }, async (request, reply): Promise<StatementPage | undefined> => {
    const clientId = clientIdOf(request);
    const query = parseWith(statementQuerySchema, request.query);
    // The bank's clock, so "now" (the open end of a period, the check that it has begun) is the one tests move.
    const now = app.deps.clock.now();
    if (query.format === 'json') return readStatementPage(app.deps.db, clientId, query, now);
    const file = await STATEMENT_FILE_WRITERS[query.format](app.deps, clientId, query, now);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  });

  app.get('/statement/templates', { preHandler: requireClient }, async (request): Promise<TransferTemplate[]> => {
    return listTemplates(app.deps.db, clientIdOf(request), parseWith(templatesQuerySchema, request.query));
  });

  app.get('/statement/balance-history', { preHandler: requireClient }, async (request): Promise<BalanceHistoryResponse> => {
    const query = parseWith(balanceHistoryQuerySchema, request.query);
    return readBalanceHistory(app.deps.db, clientIdOf(request), query, app.deps.clock.now());
  });

  await app.register(verifyRoutes);
}
