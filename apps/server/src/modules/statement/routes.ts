import { statementQuerySchema, templatesQuerySchema, type StatementPage, type TransferTemplate } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth/guard';
import { statementCsv } from './csv';
import { readStatementPage } from './service';
import { listTemplates } from './templates';

/**
 * GET /api/statement (a page as JSON, or the whole filtered statement as CSV with format=csv) and
 * GET /api/statement/templates. Only the signed-in client's own rows, ever.
 */
export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  app.get('/statement', { preHandler: requireClient }, async (request, reply): Promise<StatementPage | undefined> => {
    const clientId = clientIdOf(request);
    const query = parseWith(statementQuerySchema, request.query);
    if (query.format === 'json') return readStatementPage(app.deps.db, clientId, query, new Date());
    const csv = await statementCsv(app.deps.db, clientId, query, new Date());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .header('cache-control', 'no-store')
      .send(csv.stream);
  });

  app.get('/statement/templates', { preHandler: requireClient }, async (request): Promise<TransferTemplate[]> => {
    return listTemplates(app.deps.db, clientIdOf(request), parseWith(templatesQuerySchema, request.query));
  });
}
