import { CRYPTO_CURRENCIES, decimalToMinor, formatMinor, isCryptoCurrency, type CryptoCurrency } from '@bank/contracts';
import { canonicalAddress, isValidCryptoAddress } from '@bank/contracts/crypto/addresses';
import type { Wallet } from '@bank/contracts/crypto/wallets';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { openClientLedgerAccount } from '../ledger';
import { depositAddress, type DerivationKeys } from './derivation';

/**
 * Crypto wallets (docs/product.md, docs/architecture.md#crypto-wallets): one per coin per client, answered like accounts, with
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

/** The client's wallets, oldest first (indexes are handed out in order, so they sort as the wallets were opened). */
export async function listWallets(db: Db, clientId: string): Promise<Wallet[]> {
  const rows = await walletsWithBalances(db).where('wallets.client_id', '=', clientId).orderBy('wallets.derivation_index').execute();
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

/** A wallet as the money code needs it: its owner, coin, address and ledger account. */
export interface ClientWallet {
  id: string;
  clientId: string;
  address: string;
  currency: CryptoCurrency;
  ledgerAccountId: string;
}

function clientWallets(db: Db) {
  return db.selectFrom('wallets').select(['id', 'client_id', 'address', 'currency', 'ledger_account_id']);
}

/** Every wallet of the client with its ledger account. */
export async function clientWalletsOf(db: Db, clientId: string): Promise<ClientWallet[]> {
  const rows = await clientWallets(db).where('client_id', '=', clientId).orderBy('derivation_index').execute();
  return rows.map(toClientWallet);
}

function toClientWallet(row: { id: string; client_id: string; address: string; currency: string; ledger_account_id: string }): ClientWallet {
  if (!isCryptoCurrency(row.currency)) throw new Error(`Wallet ${row.id} keeps unknown coin ${row.currency}`);
  return { id: row.id, clientId: row.client_id, address: row.address, currency: row.currency, ledgerAccountId: String(row.ledger_account_id) };
}

/**
 * The wallet at an address, spelled as the bank stores it (EIP-55, lower-case bech32, base58 as
 * is): an address typed in another case finds the same wallet. Null for an address that is not
 * valid for any coin or not one of ours.
 */
export async function findWalletByAddress(db: Db, address: string): Promise<ClientWallet | null> {
  const spellings = [...new Set(CRYPTO_CURRENCIES.filter((coin) => isValidCryptoAddress(coin, address)).map((coin) => canonicalAddress(coin, address)))];
  if (spellings.length === 0) return null;
  const row = await clientWallets(db).where('address', 'in', spellings).executeTakeFirst();
  return row ? toClientWallet(row) : null;
}

/** One of the client's own wallets by its address; another client's is null, the same as none. */
export async function findOwnWallet(db: Db, clientId: string, address: string): Promise<ClientWallet | null> {
  const wallet = await findWalletByAddress(db, address);
  return wallet && wallet.clientId === clientId ? wallet : null;
}
