import { createWalletRequestSchema, type Wallet } from '@bank/contracts/crypto/wallets';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth/guard';
import { requireIdentifiedClient } from '../kyc/service';
import { listWallets, openWallet } from './wallets';

/** GET api/wallet/list and POST /api/wallet/create (SPEC §7). */
export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  app.get('/wallet/list', { preHandler: requireClient }, async (request): Promise<Wallet[]> => listWallets(app.deps.db, clientIdOf(request)));

  app.post('/wallet/create', { preHandler: requireClient }, async (request): Promise<Wallet> => {
    const clientId = clientIdOf(request);
    await requireIdentifiedClient(app.deps.db, clientId);
    const { currency } = parseWith(createWalletRequestSchema, request.body);
    return app.deps.db.transaction().execute((trx) => openWallet(trx, app.deps.cryptoKeys, clientId, currency));
  });
}
