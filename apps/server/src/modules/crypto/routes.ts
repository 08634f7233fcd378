import { PROTOCOL } from '@bank/contracts';
import { createCryptoTransferRequestSchema } from '@bank/contracts/crypto/create-crypto-transfer';
import { cryptoTransactionsQuerySchema, type CryptoTransactionsResponse } from '@bank/contracts/crypto/crypto-transactions';
import { createWalletRequestSchema, type Wallet } from '@bank/contracts/crypto/wallets';
import { conversionQuoteQuerySchema, type ConversionQuote } from '@bank/contracts/exchange/conversion-quote';
import type { FastifyInstance } from 'fastify';
import { parseWith } from '../../lib/errors';
import { clientIdOf, requireClient } from '../auth';
import { identifiedClientOnly } from '../kyc';
import { ownWrite, replyIdempotently } from '../ledger';
import { refuseStaleRates } from '../rates';
import { assertPayeeLookupsAllowed, withPayeeLookups } from '../operations';
import { quoteConversion } from './conversion';
import { listCryptoTransactions } from './history';
import { createCryptoTransfer } from './transfers';
import { listWallets, openWallet } from './wallets';

/**
 * The crypto calls of docs/product.md#client-calls (wallets and crypto transfers) and the conversion quote of the
 * exchange screen. Conversions themselves go through POST /api/transaction/create like exchanges.
 */
export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  app.get('/wallet/list', { preHandler: requireClient }, async (request): Promise<Wallet[]> => listWallets(db, clientIdOf(request)));

  app.post('/wallet/create', { preHandler: identifiedClientOnly }, async (request): Promise<Wallet> => {
    const clientId = clientIdOf(request);
    const { currency } = parseWith(createWalletRequestSchema, request.body);
    return db.transaction().execute((trx) => openWallet(trx, app.deps.cryptoKeys, clientId, currency));
  });

  app.post('/crypto-transaction/create', { preHandler: identifiedClientOnly }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const payload = parseWith(createCryptoTransferRequestSchema, request.body);
    // Its limits value it in EUR at the rates in use: never stale ones.
    await refuseStaleRates(app.deps);
    await assertPayeeLookupsAllowed(db, clientId);
    return withPayeeLookups(db, { id: clientId, ip: request.ip }, () =>
      replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/crypto-transaction/create' }, async () =>
        ownWrite(clientId, async (trx) => {
          await createCryptoTransfer(trx, clientId, payload);
          return { status: 200, body: PROTOCOL.created };
        }),
      ),
    );
  });

  app.get('/crypto-transaction/list', { preHandler: requireClient }, async (request): Promise<CryptoTransactionsResponse> =>
    listCryptoTransactions(db, clientIdOf(request), parseWith(cryptoTransactionsQuerySchema, request.query)),
  );

  app.get('/exchange/conversion-quote', { preHandler: requireClient }, async (request): Promise<ConversionQuote> => {
    const query = parseWith(conversionQuoteQuerySchema, request.query);
    await refuseStaleRates(app.deps);
    return quoteConversion(db, query.from, query.to, query.amount);
  });
}
