import {
  cancelTransferRequestSchema,
  createTransactionRequestSchema,
  formatMinor,
  INTERNATIONAL_TRANSFER_FEE,
  listTransactionsQuerySchema,
  parseAmount,
  PROTOCOL,
  TRANSACTION_LIST_DEFAULT_LIMIT,
  transferFeeQuerySchema,
  type CreateTransactionRequest,
  type ListTransactionsResponse,
  type TransferFeeResponse,
} from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { AppError, parseWith } from '../../lib/errors';
import { findOwnAccount, transferAccountsOfSession } from '../accounts';
import { clientIdOf, requireClient, withSession } from '../auth';
import { createCryptoConversion, isCryptoConversion } from '../crypto';
import { createExchange } from '../exchange';
import { bankToday } from '../jobs';
import { identifiedClientOnly, requireIdentifiedClient } from '../kyc';
import { ownWrite, replyIdempotently, type PreparedJob } from '../ledger';
import { refuseStaleRates, loadRateTable } from '../rates';
import { quoteInternationalFee } from './fees';
import { internalTransferJob, internalTransferOrder, internalTransferOrderOf } from './internal';
import { createInternationalTransfer } from './international';
import { payeeLookupBlock, withPayeeLookups, listTransactionRecords } from '../operations';
import { scheduledDateOf, scheduleTransfer } from './scheduled';
import { cancelOwnTransfer } from './withdrawal';

const created = { status: 200, body: PROTOCOL.created };

/** An internal transfer's session and accounts, read with the client's block on payee look-ups. */
const transferAccountsWithPayeeBlock = transferAccountsOfSession(payeeLookupBlock);

/**
 * The job of a POST /api/transaction/create: an internal transfer is checked here, outside any
 * transaction, and settles with the others in flight in a few statements; the other types check
 * and write in their own savepoint of the group commit.
 */
async function prepareOperation(db: Db, clientId: string, request: CreateTransactionRequest, today: string): Promise<PreparedJob<unknown>> {
  // Dated after today: checked now, recorded Scheduled, moving nothing until its date (scheduled.ts).
  const date = scheduledDateOf(request, today);
  if (date && (request.type === 'internal' || request.type === 'international')) {
    return ownWrite(clientId, async (trx) => {
      await scheduleTransfer(trx, clientId, request, date);
      return created;
    });
  }
  switch (request.type) {
    case 'internal':
      return internalTransferJob(await internalTransferOrder(db, clientId, request));
    case 'international':
      return ownWrite(clientId, async (trx) => {
        await createInternationalTransfer(trx, clientId, request);
        return created;
      });
    case 'exchange':
      return ownWrite(clientId, async (trx) => {
        await (isCryptoConversion(request) ? createCryptoConversion(trx, clientId, request) : createExchange(trx, clientId, request));
        return created;
      });
  }
}

/** POST /api/transaction/create, POST /api/transaction/cancel, GET /api/transaction/list and GET /api/transaction/fee. */
export default async function transferRoutes(app: FastifyInstance): Promise<void> {
  app.post('/transaction/create', async (request, reply) => {
    const { db, config } = app.deps;
    const today = bankToday(app.deps.clock);
    const parsed = createTransactionRequestSchema.safeParse(request.body);
    let prepare: () => Promise<PreparedJob<unknown>>;
    // An internal transfer for now (undated or dated today), the most frequent call with money: its
    // session and its accounts are read in one statement. The rest passes the guards first, so a
    // 401 or 403 still comes before any word about the body.
    if (parsed.success && parsed.data.type === 'internal' && (parsed.data.transferDate ?? today) === today) {
      const internal = parsed.data;
      const found = await withSession(request, (token) =>
        transferAccountsWithPayeeBlock(db, config.secret, token, internal.accNumberFrom, internal.accNumberTo),
      );
      await requireIdentifiedClient(request);
      const clientId = clientIdOf(request);
      prepare = async () => internalTransferJob(await internalTransferOrderOf(db, clientId, internal, found));
    } else {
      for (const guard of identifiedClientOnly) await guard(request, reply);
      const clientId = clientIdOf(request);
      const payload = parsed.success ? parsed.data : parseWith(createTransactionRequestSchema, request.body);
      // Transfers abroad and exchanges are priced on rates (fees, conversion, limits): never on stale ones.
      if (payload.type !== 'internal') await refuseStaleRates(app.deps);
      prepare = () => prepareOperation(db, clientId, payload, today);
    }
    const clientId = clientIdOf(request);
    return withPayeeLookups(db, { id: clientId, ip: request.ip }, () =>
      replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/transaction/create' }, prepare),
    );
  });

  // The client cancels a scheduled transfer or withdraws a transfer abroad still waiting (withdrawal.ts).
  app.post('/transaction/cancel', { preHandler: identifiedClientOnly }, async (request, reply) => {
    const clientId = clientIdOf(request);
    const { db } = app.deps;
    const { transactionNumber } = parseWith(cancelTransferRequestSchema, request.body);
    return replyIdempotently(app.money, db, request, reply, { id: clientId, path: '/api/transaction/cancel' }, async () =>
      ownWrite(clientId, async (trx) => ({ status: 200, body: await cancelOwnTransfer(trx, app.deps, clientId, transactionNumber) })),
    );
  });

  app.get('/transaction/list', { preHandler: requireClient }, async (request): Promise<ListTransactionsResponse> => {
    const clientId = clientIdOf(request);
    const query = parseWith(listTransactionsQuerySchema, request.query);
    let accountId: string | undefined;
    if (query.accountNumber) {
      const account = await findOwnAccount(app.deps.db, clientId, query.accountNumber);
      if (!account) throw new AppError('NOT_FOUND', { message: 'Account not found', fields: { accountNumber: 'validation.accountNumber.notFound' } });
      accountId = account.id;
    }
    return listTransactionRecords(app.deps.db, clientId, { accountId, limit: query.limit ?? TRANSACTION_LIST_DEFAULT_LIMIT });
  });

  app.get('/transaction/fee', async (request): Promise<TransferFeeResponse> => {
    const query = parseWith(transferFeeQuerySchema, request.query);
    const amount = parseAmount(query.amount, query.currency);
    if (!amount.ok) throw new AppError('VALIDATION_FAILED', { fields: { amount: `validation.amount.${amount.problem}` } });
    await refuseStaleRates(app.deps);
    const fee = quoteInternationalFee(await loadRateTable(app.deps.db), query.currency, amount.minor);
    return {
      amount: formatMinor(fee.amountMinor, fee.currency),
      currency: query.currency,
      fee: formatMinor(fee.feeMinor, fee.currency),
      total: formatMinor(fee.totalMinor, fee.currency),
      rateBasisPoints: INTERNATIONAL_TRANSFER_FEE.rateBasisPoints,
      minimumFee: formatMinor(fee.minimumMinor, fee.currency),
      maximumFee: formatMinor(fee.maximumMinor, fee.currency),
    };
  });
}
