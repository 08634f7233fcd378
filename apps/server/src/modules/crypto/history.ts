import { decimalToMinor, formatMinor, isCryptoCurrency, resolvePeriod, type CryptoCurrency, type TransactionStatus } from '@bank/contracts';
import type { CryptoStatus, CryptoTransaction, CryptoTransactionsQuery, CryptoTransactionsResponse } from '@bank/contracts/crypto/crypto-transactions';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { instantText, type InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import type { WalletSideKind } from '../operations';
import { keysetKeySchema } from '../statement';
import { findOwnWallet } from './wallets';

/**
 * The crypto list (GET /api/crypto-transaction/list): the signed-in client's wallet rows, newest
 * first, filtered on the server (wallet, status, period) and paged by keyset on
 * (created_at, id), the key of statement_rows_wallet_(client_)idx. Every query is scoped by
 * the client first, so no filter or cursor reaches another client's rows.
 */

/** Crypto statuses (docs/product.md#states): the bank's in-between states read as Pending (New) to the client. */
function cryptoStatus(status: string): CryptoStatus {
  if (status === 'Approved') return 'Approved';
  if (status === 'Denied' || status === 'Canceled' || status === 'Error') return 'Denied';
  return 'New';
}
const STATUSES_OF: Readonly<Record<CryptoStatus, TransactionStatus[]>> = {
  New: ['New', 'Processing'],
  Approved: ['Approved'],
  Denied: ['Denied', 'Canceled', 'Error'],
};

const KIND: Readonly<Record<WalletSideKind, CryptoTransaction['kind']>> = { transfer: 'transfer', internal: 'internal', deposit: 'deposit', conversion: 'conversion' };

function encodeCursor(at: InstantText, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decodeCursor(text: string): { at: InstantText; id: string } {
  try {
    const [at, id] = keysetKeySchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return { at, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', { message: 'The cursor is not valid', fields: { cursor: 'validation.cursor.invalid' } });
  }
}

export async function listCryptoTransactions(db: Db, clientId: string, query: CryptoTransactionsQuery, now: Date = new Date()): Promise<CryptoTransactionsResponse> {
  let walletId: string | undefined;
  if (query.wallet) {
    const wallet = await findOwnWallet(db, clientId, query.wallet);
    if (!wallet) throw new AppError('NOT_FOUND', { message: 'Wallet not found', fields: { wallet: 'validation.wallet.notFound' } });
    walletId = wallet.id;
  }
  const period = resolvePeriod(query, query.timeZone, now);
  // A wallet row shows its operation's status, reason, hash and reference, read with it by primary key.
  let filtered = db
    .selectFrom('statement_rows as r')
    .innerJoin('operations as t', 't.id', 'r.operation_id')
    .where('r.client_id', '=', clientId)
    .where('r.wallet_id', 'is not', null);
  if (walletId) filtered = filtered.where('r.wallet_id', '=', walletId);
  if (query.status) filtered = filtered.where('t.status', 'in', STATUSES_OF[query.status]);
  if (period.start) filtered = filtered.where('r.created_at', '>=', period.start);
  if (period.end) filtered = filtered.where('r.created_at', '<', period.end);

  let page = filtered
    .innerJoin('wallets as w', 'w.id', 'r.wallet_id')
    .select([
      'r.id',
      't.number',
      'r.transaction_type',
      'r.direction',
      // The side that is not the wallet's own.
      sql<string>`case when r.direction = 'OUT' then r.to_account else r.from_account end`.as('counterparty'),
      'r.amount',
      'r.fee',
      'r.currency',
      't.status',
      sql<string | null>`t.details ->> 'paymentReference'`.as('reference'),
      'w.address',
      't.status_reason',
      sql<string | null>`t.details ->> 'txHash'`.as('tx_hash'),
      instantText(sql.ref('r.created_at')).as('at'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    const at = sql<Date>`${after.at}::timestamptz`;
    // A cursor names the last row shown. One handed out before migration 0093 names it by the id it
    // had then, which no row has now (docs/operations-history.md#what-clients-see): it continues at
    // its instant, showing again any row made at that same instant, so that none is skipped.
    const namesNoRow = sql<boolean>`not exists (select 1 from statement_rows c where c.id = ${after.id}::bigint and c.client_id = ${clientId} and c.wallet_id is not null and c.created_at = ${at})`;
    page = page.where((eb) => eb.or([eb('r.created_at', '<', at), eb.and([eb('r.created_at', '=', at), eb.or([eb('r.id', '<', after.id), namesNoRow])])]));
  }
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const more = rows.length > query.limit;
  const shown = more ? rows.slice(0, query.limit) : rows;
  const last = shown[shown.length - 1];
  return {
    items: shown.map((row) => {
      if (!isCryptoCurrency(row.currency)) throw new Error(`Wallet row ${row.id} keeps unknown coin ${row.currency}`);
      const currency: CryptoCurrency = row.currency;
      const status = cryptoStatus(row.status);
      return {
        transactionNumber: row.number,
        kind: KIND[row.transaction_type as WalletSideKind],
        wallet: row.address,
        counterparty: row.counterparty,
        direction: row.direction,
        amount: formatMinor(decimalToMinor(row.amount, currency), currency),
        fee: formatMinor(decimalToMinor(row.fee, currency), currency),
        currency,
        status,
        statusReason: status === 'Denied' ? row.status_reason : null,
        reference: row.reference,
        txHash: row.tx_hash,
        created: Math.floor(Date.parse(row.at) / 1000),
      };
    }),
    total: Number(count.total),
    nextCursor: more && last ? encodeCursor(last.at, String(last.id)) : null,
  };
}
