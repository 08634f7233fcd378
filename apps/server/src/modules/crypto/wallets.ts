import { decimalToMinor, formatMinor, type CryptoCurrency } from '@bank/contracts';
import type { Wallet } from '@bank/contracts/crypto/wallets';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { openClientLedgerAccount } from '../ledger/ledger';
import { depositAddress, type DerivationKeys } from './derivation';

/**
 * Crypto wallets (SPEC §2, §3; DESIGN §11): one per coin per client, answered like accounts, with
 * the deposit address as the wallet's number and balances in the coin's full precision.
 */
function toWallet(row: { id: string; address: string; currency: string; booked: string; available: string }): Wallet {
  const currency = row.currency as CryptoCurrency;
  return {
    number: row.address,
    balance: formatMinor(decimalToMinor(row.available, currency), currency),
    bookedBalance: formatMinor(decimalToMinor(row.booked, currency), currency),
    currency,
    key: row.id,
  };
}

function walletsWithBalances(db: Db) {
  return db
    .selectFrom('wallets')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'wallets.ledger_account_id')
    .select(['wallets.id', 'wallets.address', 'wallets.currency', 'ledger_accounts.booked', 'ledger_accounts.available']);
}

/** The client's wallets, oldest first. */
export async function listWallets(db: Db, clientId: string): Promise<Wallet[]> {
  const rows = await walletsWithBalances(db).where('wallets.client_id', '=', clientId).orderBy('wallets.created_at').orderBy('wallets.id').execute();
  return rows.map(toWallet);
}

const coinTaken = () =>
  new AppError('CONFLICT', { message: 'A wallet in this currency is already open', fields: { currency: 'validation.currency.walletExists' } });

/**
 * Opens a wallet: the next derivation index (a sequence never hands one out twice), its deposit
 * address, and a client ledger account behind it. A second wallet in one coin is a 409.
 */
export async function openWallet(trx: Db, keys: DerivationKeys | null, clientId: string, currency: CryptoCurrency): Promise<Wallet> {
  if (!keys) throw new AppError('UNAVAILABLE', { message: 'Crypto deposits are not configured on this server' });
  const existing = await trx.selectFrom('wallets').select('id').where('client_id', '=', clientId).where('currency', '=', currency).executeTakeFirst();
  if (existing) throw coinTaken();
  const { rows } = await sql<{ index: string }>`select nextval('wallet_derivation_index_seq') as index`.execute(trx);
  const index = Number(rows[0]!.index);
  const address = depositAddress(keys, currency, index);
  const ledgerAccountId = await openClientLedgerAccount(trx, currency);
  const inserted = await trx
    .insertInto('wallets')
    .values({ address, client_id: clientId, currency, derivation_index: index, ledger_account_id: ledgerAccountId })
    .onConflict((conflict) => conflict.constraint('wallets_one_per_currency').doNothing())
    .returning('id')
    .executeTakeFirst();
  // A concurrent request opened the same coin first; this transaction rolls back its ledger account.
  if (!inserted) throw coinTaken();
  await recordAudit(trx, { actorType: 'client', actorId: clientId, action: 'wallet.open', subjectType: 'wallet', subjectId: inserted.id, after: { currency, address, index } });
  const row = await walletsWithBalances(trx).where('wallets.id', '=', inserted.id).executeTakeFirstOrThrow();
  return toWallet(row);
}
