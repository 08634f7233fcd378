import { createAccountRequestSchema, type CreateAccountResponse, type ListAccountsResponse } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth/guard';
import { identifiedClientOnly } from '../kyc/service';
import { accountWithBalances, listAccounts, openAccount } from './service';

/** GET /api/account/list and POST /api/account/create (SPEC §7). */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get('/account/list', { preHandler: requireClient }, async (request): Promise<ListAccountsResponse> => {
    return listAccounts(app.deps.db, clientIdOf(request));
  });

  app.post('/account/create', { preHandler: identifiedClientOnly }, async (request): Promise<CreateAccountResponse> => {
    const clientId = clientIdOf(request);
    const { currencies } = parseWith(createAccountRequestSchema, request.body);
    const account = await app.deps.db.transaction().execute((trx) => openAccount(trx, clientId, currencies[0]!));
    return accountWithBalances(app.deps.db, account);
  });
}
