import {
  FIAT_CURRENCIES,
  accountNumberFromSerial,
  decimalToMinor,
  formatMinor,
  isCurrency,
  type Account,
  type Currency,
  type FiatCurrency,
} from '@bank/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import type { SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { SESSION_COLUMNS, WITH_CLIENT, sessionOf, sessionStatement, type Session, type SessionRow } from '../auth';
import { openClientLedgerAccount, readBalances, type LedgerAccountId } from '../ledger';

/** A client account as the other money modules use it. */
export interface ClientAccount {
  id: string;
  number: string;
  clientId: string;
  currency: Currency;
  ledgerAccountId: LedgerAccountId;
}

function toClientAccount(row: { id: string; number: string; client_id: string; currency: string; ledger_account_id: string }): ClientAccount {
  if (!isCurrency(row.currency)) throw new Error(`Account ${row.number} has unknown currency ${row.currency}`);
  return { id: row.id, number: row.number, clientId: row.client_id, currency: row.currency, ledgerAccountId: String(row.ledger_account_id) };
}

const accountColumns = ['id', 'number', 'client_id', 'currency', 'ledger_account_id'] as const;

/** The client's own account with this number, or null: another client's account is never returned. */
export async function findOwnAccount(db: Db, clientId: string, number: string): Promise<ClientAccount | null> {
  const row = await db.selectFrom('accounts').select(accountColumns).where('number', '=', number).where('client_id', '=', clientId).executeTakeFirst();
  return row ? toClientAccount(row) : null;
}

/** Any account of the bank by number (the target of an internal transfer). */
export async function findAccountByNumber(db: Db, number: string): Promise<ClientAccount | null> {
  const row = await db.selectFrom('accounts').select(accountColumns).where('number', '=', number).executeTakeFirst();
  return row ? toClientAccount(row) : null;
}

/** The accounts of an internal transfer as found by number, with the caller's `alongside` value. */
export interface TransferAccounts<T> {
  from: ClientAccount | null;
  to: ClientAccount | null;
  alongside: T;
}

type TransferAccountRow<T> = { alongside: T; id: string | null; number: string; client_id: string; currency: string; ledger_account_id: string };

/** The columns and the join of TransferAccountRow, after a one-row relation that gives `alongside`. */
const transferAccountColumns = sql`account.id, account.number, account.client_id, account.currency, account.ledger_account_id`;
const transferAccountsJoin = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) => sql`left join accounts as account on account.number in (${from}, ${to})`;

/** `from` is found only among the client's own accounts; `to` among all of the bank's. */
function transferAccountsOf<T>(rows: readonly TransferAccountRow<T>[], clientId: string, from: string, to: string): TransferAccounts<T> {
  const accounts = rows.flatMap((row) => (row.id === null ? [] : [toClientAccount({ ...row, id: row.id })]));
  return {
    from: accounts.find((account) => account.number === from && account.clientId === clientId) ?? null,
    to: accounts.find((account) => account.number === to) ?? null,
    alongside: rows[0]!.alongside,
  };
}

/**
 * The two accounts of an internal transfer in one round trip: the client's own account `from`, and
 * any account of the bank numbered `to`; with them, in the same round trip, the value of the
 * caller's `alongside` expression (a check of its own that must not cost another query).
 */
export async function findTransferAccounts<T>(db: Db, clientId: string, from: string, to: string, alongside: RawBuilder<T>): Promise<TransferAccounts<T>> {
  const { rows } = await sql<TransferAccountRow<T>>`
    select given.alongside, ${transferAccountColumns}
    from (select ${alongside} as alongside) as given
    ${transferAccountsJoin(sql`${from}`, sql`${to}`)}`.execute(db);
  return transferAccountsOf(rows, clientId, from, to);
}

/** Finds a transfer's accounts with the client's session (transferAccountsOfSession). */
export type TransferAccountsOfSession<T> = (
  db: Db,
  secret: SecretRing,
  token: string,
  from: string,
  to: string,
) => Promise<({ session: Session } & TransferAccounts<T>) | null>;

/**
 * findTransferAccounts in the statement that resolves the client's session token (auth/sessions.ts):
 * one round trip for the session and the transfer's accounts instead of two. `alongside` is given
 * the session's client id as SQL, and is part of the statement, made once: its values go in as SQL
 * constants. The finder answers null when the token has no live client session.
 */
export function transferAccountsOfSession<T>(alongside: (clientId: RawBuilder<string>) => RawBuilder<T>): TransferAccountsOfSession<T> {
  const statement = sessionStatement<SessionRow & TransferAccountRow<T>>(
    (value) => sql`select ${SESSION_COLUMNS}, ${alongside(sql<string>`live.subject_id::text`)} as alongside, ${transferAccountColumns}
      from live ${WITH_CLIENT}
      ${transferAccountsJoin(value('from'), value('to'))}`,
  );
  return async (db, secret, token, from, to) => {
    const rows = await statement(db, secret, token, 'client', { from, to });
    if (!rows[0]) return null;
    const session = sessionOf(rows[0]);
    return { session, ...transferAccountsOf(rows, session.subjectId, from, to) };
  };
}

/** The client's account in a currency, if it has one. */
export async function findOwnAccountInCurrency(db: Db, clientId: string, currency: Currency): Promise<ClientAccount | null> {
  const row = await db.selectFrom('accounts').select(accountColumns).where('client_id', '=', clientId).where('currency', '=', currency).executeTakeFirst();
  return row ? toClientAccount(row) : null;
}

const currencyTaken = () =>
  new AppError('CONFLICT', { message: 'An account in this currency is already open', fields: { currencies: 'validation.currency.accountExists' } });

/**
 * Opens an account: a serial from a sequence that never hands out a value twice, the number built
 * from it with check digits, and a client ledger account behind it. One per currency per client.
 */
export async function openAccount(trx: Db, clientId: string, currency: FiatCurrency): Promise<ClientAccount> {
  if (await findOwnAccountInCurrency(trx, clientId, currency)) throw currencyTaken();
  const { rows } = await sql<{ serial: string }>`select nextval('account_serial_seq') as serial`.execute(trx);
  const number = accountNumberFromSerial(BigInt(rows[0]!.serial));
  const ledgerAccountId = await openClientLedgerAccount(trx, currency);
  const inserted = await trx
    .insertInto('accounts')
    .values({ number, client_id: clientId, currency, ledger_account_id: ledgerAccountId })
    .onConflict((conflict) => conflict.constraint('accounts_one_per_currency').doNothing())
    .returning(accountColumns)
    .executeTakeFirst();
  // A concurrent request opened the same currency first; this transaction rolls back its ledger account.
  if (!inserted) throw currencyTaken();
  await recordAudit(trx, { actorType: 'client', actorId: clientId, action: 'account.open', subjectType: 'account', subjectId: inserted.id, after: { number, currency } });
  return toClientAccount(inserted);
}

/** The client's accounts with their balances, oldest first (Account, docs/product.md#data). */
/** Every fiat account of the client with its ledger account, oldest first. */
export async function clientAccountsOf(db: Db, clientId: string): Promise<ClientAccount[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'number', 'client_id', 'currency', 'ledger_account_id'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .orderBy('number')
    .execute();
  return rows.map(toClientAccount);
}

export async function listAccounts(db: Db, clientId: string): Promise<Account[]> {
  const rows = await db
    .selectFrom('accounts')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'accounts.ledger_account_id')
    .select(['accounts.id', 'accounts.number', 'accounts.currency', 'ledger_accounts.booked', 'ledger_accounts.available'])
    .where('accounts.client_id', '=', clientId)
    .orderBy('accounts.created_at')
    .orderBy('accounts.number')
    .execute();
  return rows.map((row) => accountAnswer(row.id, row.number, row.currency, row.available, row.booked));
}

/** listAccountsOfSession's statement: the session with the client's accounts and balances. */
const accountsOfSession = sessionStatement<SessionRow & { id: string | null; number: string; currency: string; booked: string; available: string }>(
  () => sql`select ${SESSION_COLUMNS}, account.id, account.number, account.currency, ledger.booked, ledger.available
    from live ${WITH_CLIENT}
    left join accounts as account on account.client_id = live.subject_id
    left join ledger_accounts as ledger on ledger.id = account.ledger_account_id
    order by account.created_at, account.number`,
);

/**
 * The accounts of the client whose session `token` is, read in the statement that resolves the
 * session (auth/sessions.ts): one round trip for GET /api/account/list instead of two. Null when
 * the token has no live client session.
 */
export async function listAccountsOfSession(db: Db, secret: SecretRing, token: string): Promise<{ session: Session; accounts: Account[] } | null> {
  const rows = await accountsOfSession(db, secret, token, 'client');
  if (!rows[0]) return null;
  // A client without accounts is one row with the session alone.
  const accounts = rows.flatMap((row) => (row.id === null ? [] : [accountAnswer(row.id, row.number, row.currency, row.available, row.booked)]));
  return { session: sessionOf(rows[0]), accounts };
}

/** Answers with the currency's scale even when NUMERIC stored fewer decimals ("0" → "0.00"). */
export function accountAnswer(id: string, number: string, currency: string, available: string, booked: string): Account {
  if (!(FIAT_CURRENCIES as readonly string[]).includes(currency)) throw new Error(`Account ${number} is not a fiat account (${currency})`);
  const fiat = currency as FiatCurrency;
  return {
    number,
    balance: formatMinor(decimalToMinor(available, fiat), fiat),
    bookedBalance: formatMinor(decimalToMinor(booked, fiat), fiat),
    currency: fiat,
    key: id,
  };
}

/** One account of the client with its balances, as answered by the API. */
export async function accountWithBalances(db: Db, account: ClientAccount): Promise<Account> {
  const balance = (await readBalances(db, [account.ledgerAccountId])).get(account.ledgerAccountId)!;
  return accountAnswer(
    account.id,
    account.number,
    account.currency,
    formatMinor(balance.availableMinor, account.currency),
    formatMinor(balance.bookedMinor, account.currency),
  );
}
