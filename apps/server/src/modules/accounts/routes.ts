import { createAccountRequestSchema, type CreateAccountResponse, type ListAccountsResponse } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, withSession } from '../auth';
import { identifiedClientOnly } from '../kyc';
import { accountWithBalances, listAccountsOfSession, openAccount } from './service';

/** GET /api/account/list and POST /api/account/create (docs/product.md#client-calls). */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  // The session and the accounts in one statement: the list is asked for on every screen.
  app.get('/account/list', { config: { openToClosedClient: true } }, async (request): Promise<ListAccountsResponse> => {
    const { accounts } = await withSession(request, (token) => listAccountsOfSession(app.deps.db, app.deps.config.secret, token));
    return accounts;
  });

  app.post('/account/create', { preHandler: identifiedClientOnly }, async (request): Promise<CreateAccountResponse> => {
    const clientId = clientIdOf(request);
    const { currencies } = parseWith(createAccountRequestSchema, request.body);
    const account = await app.deps.db.transaction().execute((trx) => openAccount(trx, clientId, currencies[0]!));
    return accountWithBalances(app.deps.db, account);
  });
}
