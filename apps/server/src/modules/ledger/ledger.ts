import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { decimalToMinor, formatMinor, isCurrency, type Currency } from '@bank/contracts';
import type { Db } from '../../db';
import { instantOfDate, instantText, type InstantText } from '../../db/instant';
import { fixedStatement } from '../../db/fixed-statement';
import { unnestedTable } from '../../db/unnest';
import { AppError } from '../../lib/errors';
import type { LedgerAccountKind } from './tables';

/**
 * The ledger: the only code that writes postings, balances and holds.
 *
 * Every write runs inside the caller's database transaction (READ COMMITTED). The ledger rows it
 * touches are locked first, all at once, in ascending id order (SELECT … FOR UPDATE ORDER BY id),
 * so two transactions never wait on each other in a cycle. Balances are then computed in code from
 * the locked values, checked (no client balance below zero, every entry summing to zero per
 * currency) and written with one statement. The lock is FOR NO KEY UPDATE, the lock an UPDATE of
 * the balance takes anyway: it excludes every other writer of the row, yet lets inserts elsewhere
 * that merely reference the account (postings, holds) check their foreign keys without waiting. The
 * CHECK constraints of migration 0020 are the second line behind the code checks.
 *
 * A write is dated by the instant it holds all its locks (clock_timestamp() read as they are
 * taken), not by the start of its transaction: a transaction that started earlier but waited for
 * a lock is dated after the one it waited for, which committed before it got the lock. So the dates of one account's postings
 * and holds are in the order they were applied to its balances, and a record dated with them (the
 * statement's rows, with the balance after each) reads in that order too. The caller gets the
 * instant back, to date its own records of the operation with.
 */

export type LedgerAccountId = string;

export type EntryKind =
  | 'internal_transfer'
  | 'exchange'
  | 'international_transfer'
  | 'incoming_payment'
  | 'fee'
  | 'reversal'
  | 'crypto_transfer'
  | 'crypto_internal'
  | 'crypto_deposit'
  | 'crypto_conversion'
  | 'deposit_opening'
  | 'deposit_interest'
  /** The principal back at maturity, by the bank's schedule. */
  | 'deposit_return'
  /** The principal back before maturity, at the client's request. */
  | 'deposit_closing'
  /** A card payment cleared by the card network: the held amount, or what the merchant cleared. */
  | 'card_payment'
  /** A merchant's refund to a card. */
  | 'card_refund';

export interface Balance {
  bookedMinor: bigint;
  availableMinor: bigint;
}

export interface PostingInput {
  accountId: LedgerAccountId;
  currency: Currency;
  /** Signed minor units: positive credits the account, negative debits it. */
  amountMinor: bigint;
}

export interface EntryInput {
  kind: EntryKind;
  transferId?: string | null;
  postings: readonly PostingInput[];
  /**
   * Holds this entry settles. Each is closed as captured and its amount given back to `available`
   * in the same write, so a debit equal to the hold leaves `available` where the hold put it.
   */
  captureHoldIds?: readonly string[];
  /** When the movement happened, if not now: demo history and value-dated corrections only. */
  postedAt?: Date;
  /**
   * Accounts the entry does not post to whose balances the outcome should answer too, locked with
   * the others (a record of the entry that moves nothing on such an account still shows its balance).
   */
  observedAccountIds?: readonly LedgerAccountId[];
}

/**
 * The entries that may still credit an account closed to new money (docs/bank-controls.md#closing-a-client):
 * the client's own money coming back (a reversal of their transfer, a term deposit's interest and
 * principal). Every other credit to such an account is refused.
 */
export const CREDITS_AFTER_CLOSING: ReadonlySet<EntryKind> = new Set(['reversal', 'deposit_interest', 'deposit_return', 'deposit_closing']);

/** Why an entry was not written: a client's money would go below zero, or an account closed to new money would be credited. */
export type EntryRefusal = 'INSUFFICIENT_FUNDS' | 'ACCOUNT_CLOSED';

export type EntryOutcome =
  | { ok: true; entryId: string; balances: ReadonlyMap<LedgerAccountId, Balance>; bookedAt: InstantText }
  | { ok: false; reason: EntryRefusal; accountId: LedgerAccountId };

/** A broken invariant: a bug, never a client's mistake. It aborts the transaction loudly. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

interface LockedAccount {
  id: LedgerAccountId;
  kind: LedgerAccountKind;
  currency: Currency;
  bookedMinor: bigint;
  availableMinor: bigint;
  /** Closed to new money (closeToCredits). */
  creditsClosed: boolean;
}

interface HoldRow {
  id: string;
  accountId: LedgerAccountId;
  currency: Currency;
  amountMinor: bigint;
  status: string;
}

function compareIds(left: LedgerAccountId, right: LedgerAccountId): number {
  const difference = BigInt(left) - BigInt(right);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

function asCurrency(value: string): Currency {
  if (!isCurrency(value)) throw new LedgerInvariantError(`Unknown currency ${value} in the ledger`);
  return value;
}

/** Checks that an entry is well formed and sums to zero in every currency, before anything is written. */
export function assertBalancedEntry(entry: EntryInput): void {
  if (entry.postings.length < 2) throw new LedgerInvariantError('A journal entry needs at least two postings');
  const sums = new Map<Currency, bigint>();
  for (const posting of entry.postings) {
    if (posting.amountMinor === 0n) throw new LedgerInvariantError('A posting of zero moves nothing');
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerInvariantError(`Entry ${entry.kind} does not sum to zero in ${currency}: ${sum}`);
  }
}

/**
 * Locks the ledger accounts in ascending id order and reads their balances, and the instant by
 * which all of them were locked: the clock is read for each row as it comes out locked, so the
 * latest reading is after the last lock was taken (after any wait for it).
 */
async function lockAccounts(trx: Db, ids: Iterable<LedgerAccountId>): Promise<{ accounts: Map<LedgerAccountId, LockedAccount>; lockedAt: InstantText }> {
  const sorted = [...new Set(ids)].sort(compareIds);
  const locked = new Map<LedgerAccountId, LockedAccount>();
  if (sorted.length === 0) throw new LedgerInvariantError('Nothing to lock');
  const { rows } = await sql<{ id: string; kind: LedgerAccountKind; currency: string; booked: string; available: string; credits_closed: boolean; locked_at: InstantText }>`
    select id, kind, currency, booked, available, credits_closed, ${instantText(sql`clock_timestamp()`)} as locked_at
    from (select id, kind, currency, booked, available, credits_closed_at is not null as credits_closed from ledger_accounts
      where id = any(${sorted}::bigint[]) order by id for no key update) as locked`.execute(trx);
  let lockedAt = '';
  for (const row of rows) {
    if (row.locked_at > lockedAt) lockedAt = row.locked_at;
    const currency = asCurrency(row.currency);
    locked.set(String(row.id), {
      id: String(row.id),
      kind: row.kind,
      currency,
      bookedMinor: decimalToMinor(row.booked, currency),
      availableMinor: decimalToMinor(row.available, currency),
      creditsClosed: row.credits_closed,
    });
  }
  for (const id of sorted) {
    if (!locked.has(id)) throw new LedgerInvariantError(`Ledger account ${id} does not exist`);
  }
  return { accounts: locked, lockedAt };
}

async function readHolds(trx: Db, holdIds: readonly string[], forUpdate: boolean): Promise<Map<string, HoldRow>> {
  const holds = new Map<string, HoldRow>();
  if (holdIds.length === 0) return holds;
  const lock = forUpdate ? sql`order by id for update` : sql``;
  const { rows } = await sql<{ id: string; ledger_account_id: string; currency: string; amount: string; status: string }>`
    select id, ledger_account_id, currency, amount, status from ledger_holds where id = any(${[...holdIds]}::uuid[]) ${lock}`.execute(trx);
  for (const row of rows) {
    const currency = asCurrency(row.currency);
    holds.set(row.id, {
      id: row.id,
      accountId: String(row.ledger_account_id),
      currency,
      amountMinor: decimalToMinor(row.amount, currency),
      status: row.status,
    });
  }
  for (const id of holdIds) if (!holds.has(id)) throw new LedgerInvariantError(`Hold ${id} does not exist`);
  return holds;
}

/** Clients' money (their accounts and their deposits) never goes below zero. */
function isOverdrawn(account: LockedAccount): boolean {
  return (account.kind === 'client' || account.kind === 'deposit') && (account.bookedMinor < 0n || account.availableMinor < 0n);
}


/**
 * Posts several journal entries in the caller's transaction. Each entry succeeds or fails on its
 * own (a failed one writes nothing), evaluated in order against the locked balances; the result
 * says which. Used for one transfer as for a batch of them: a batch costs the same few statements
 * as one entry (lock, write), whatever its size. The caller writes its own records of the same
 * operations afterwards, in the same transaction, from the outcomes.
 */
export async function postEntries(trx: Db, entries: readonly EntryInput[]): Promise<EntryOutcome[]> {
  if (entries.length === 0) return [];
  for (const entry of entries) assertBalancedEntry(entry);

  const holdIds = entries.flatMap((entry) => entry.captureHoldIds ?? []);
  if (new Set(holdIds).size !== holdIds.length) throw new LedgerInvariantError('A hold can be captured only once');
  // Hold rows name their accounts; read them first so their accounts are locked with the others, in order.
  const holdAccounts = holdIds.length > 0 ? [...(await readHolds(trx, holdIds, false)).values()].map((hold) => hold.accountId) : [];
  const { accounts, lockedAt } = await lockAccounts(trx, [
    ...entries.flatMap((entry) => [...entry.postings.map((posting) => posting.accountId), ...(entry.observedAccountIds ?? [])]),
    ...holdAccounts,
  ]);
  const holds = await readHolds(trx, holdIds, true);
  const changedIds = new Set<LedgerAccountId>();

  const outcomes: EntryOutcome[] = [];
  const written: Array<{ id: string; entry: EntryInput; at: InstantText }> = [];
  const captured: string[] = [];
  for (const entry of entries) {
    // Work on copies of the touched accounts only; they replace the locked values if the entry holds.
    const next = new Map<LedgerAccountId, LockedAccount>();
    const touch = (id: LedgerAccountId): LockedAccount => {
      let account = next.get(id);
      if (!account) {
        account = { ...accounts.get(id)! };
        next.set(id, account);
      }
      return account;
    };
    for (const holdId of entry.captureHoldIds ?? []) {
      const hold = holds.get(holdId)!;
      if (hold.status !== 'active') throw new LedgerInvariantError(`Hold ${holdId} is ${hold.status}, not active`);
      touch(hold.accountId).availableMinor += hold.amountMinor;
    }
    for (const posting of entry.postings) {
      const account = touch(posting.accountId);
      if (account.currency !== posting.currency) {
        throw new LedgerInvariantError(`Posting in ${posting.currency} to ledger account ${account.id} kept in ${account.currency}`);
      }
      account.bookedMinor += posting.amountMinor;
      account.availableMinor += posting.amountMinor;
    }
    const overdrawn = [...next.values()].find(isOverdrawn);
    if (overdrawn) {
      outcomes.push({ ok: false, reason: 'INSUFFICIENT_FUNDS', accountId: overdrawn.id });
      continue;
    }
    // Checked after the funds, so a payer who cannot pay learns nothing about the payee's account.
    const closed = CREDITS_AFTER_CLOSING.has(entry.kind) ? undefined : entry.postings.find((posting) => posting.amountMinor > 0n && accounts.get(posting.accountId)!.creditsClosed);
    if (closed) {
      outcomes.push({ ok: false, reason: 'ACCOUNT_CLOSED', accountId: closed.accountId });
      continue;
    }
    const entryId = randomUUID();
    const balances = new Map<LedgerAccountId, Balance>();
    for (const account of next.values()) {
      accounts.set(account.id, account);
      changedIds.add(account.id);
      balances.set(account.id, { bookedMinor: account.bookedMinor, availableMinor: account.availableMinor });
    }
    for (const id of entry.observedAccountIds ?? []) {
      if (balances.has(id)) continue;
      const account = accounts.get(id)!;
      balances.set(id, { bookedMinor: account.bookedMinor, availableMinor: account.availableMinor });
    }
    const bookedAt = entry.postedAt ? instantOfDate(entry.postedAt) : lockedAt;
    outcomes.push({ ok: true, entryId, balances, bookedAt });
    written.push({ id: entryId, entry, at: bookedAt });
    for (const holdId of entry.captureHoldIds ?? []) {
      holds.get(holdId)!.status = 'captured';
      captured.push(holdId);
    }
  }
  await writeEntries(trx, written, [...changedIds].map((id) => accounts.get(id)!), captured, lockedAt);
  return outcomes;
}

const entryTable = unnestedTable('journal_entries', 'entry', { id: 'uuid', kind: 'text', transfer_id: 'uuid', created_at: 'timestamptz' });
const postingTable = unnestedTable('postings', 'posting', {
  entry_id: 'uuid',
  ledger_account_id: 'bigint',
  currency: 'text',
  amount: 'numeric',
  created_at: 'timestamptz',
});
const balanceTable = unnestedTable('ledger_accounts', 'balance', { id: 'bigint', booked: 'numeric', available: 'numeric' });

/** writeEntries' one statement: the entries, their postings, the captured holds and the new balances. */
const entriesStatement = fixedStatement((value) => {
  const entries = entryTable.named(value);
  const postings = postingTable.named(value);
  const newBalances = balanceTable.named(value);
  return sql`
    with new_entries as (insert into journal_entries (${entries.columns}) select ${entries.values()} from ${entries.from}),
    new_postings as (insert into postings (${postings.columns}) select ${postings.values()} from ${postings.from} order by ${postings.position}),
    captured_holds as (update ledger_holds set status = 'captured', closed_at = ${value('lockedAt')}::timestamptz where id = any(${value('capturedHoldIds')}::uuid[]))
    update ledger_accounts as account set booked = balance.booked, available = balance.available
    from ${newBalances.from} where account.id = balance.id`;
});

/**
 * Writes the entries in one statement (entriesStatement), each kind of row sent as a few arrays
 * built from typed row objects (db/unnest.ts).
 */
async function writeEntries(
  trx: Db,
  written: ReadonlyArray<{ id: string; entry: EntryInput; at: InstantText }>,
  balances: readonly LockedAccount[],
  capturedHoldIds: readonly string[],
  lockedAt: InstantText,
): Promise<void> {
  if (written.length === 0) return;
  const entries = written.map(({ id, entry, at }) => ({ id, kind: entry.kind, transfer_id: entry.transferId ?? null, created_at: at }));
  const postings = written.flatMap(({ id, entry, at }) =>
    entry.postings.map((posting) => ({
      entry_id: id,
      ledger_account_id: posting.accountId,
      currency: posting.currency,
      amount: formatMinor(posting.amountMinor, posting.currency),
      created_at: at,
    })),
  );
  const newBalances = balances.map((account) => ({
    id: account.id,
    booked: formatMinor(account.bookedMinor, account.currency),
    available: formatMinor(account.availableMinor, account.currency),
  }));
  await entriesStatement(trx, {
    ...entryTable.values(entries),
    ...postingTable.values(postings),
    ...balanceTable.values(newBalances),
    lockedAt,
    capturedHoldIds: [...capturedHoldIds],
  });
}

/**
 * Posts one entry; a client balance that would go below zero is the expected 422 INSUFFICIENT_FUNDS,
 * a credit to an account closed to new money the 409 ACCOUNT_CLOSED.
 */
export async function postEntry(
  trx: Db,
  entry: EntryInput,
): Promise<{ entryId: string; balances: ReadonlyMap<LedgerAccountId, Balance>; bookedAt: InstantText }> {
  const [outcome] = await postEntries(trx, [entry]);
  if (!outcome) throw new LedgerInvariantError('postEntries answered nothing for one entry');
  if (!outcome.ok) throw new AppError(outcome.reason);
  return outcome;
}

/** A hold to place: funds of a client account reserved for a pending operation. */
export interface HoldInput {
  accountId: LedgerAccountId;
  currency: Currency;
  amountMinor: bigint;
  transferId?: string | null;
}

/** A hold placed (with the account's balances after it), or refused for what the account has left. */
export type HoldOutcome = { ok: true; holdId: string; balance: Balance; heldAt: InstantText } | { ok: false; reason: 'INSUFFICIENT_FUNDS' };

/** Places one hold on the locked balances, or refuses it; answers at once, while `decide` runs. */
export type PlaceHold = (hold: HoldInput) => HoldOutcome;

const holdTable = unnestedTable('ledger_holds', 'hold', { id: 'uuid', ledger_account_id: 'bigint', currency: 'text', amount: 'numeric', transfer_id: 'uuid', created_at: 'timestamptz' });
const availableTable = unnestedTable('ledger_accounts', 'balance', { id: 'bigint', available: 'numeric' });

/** placeHolds' one statement: the new holds and the accounts' available balances. */
const holdsStatement = fixedStatement((value) => {
  const holds = holdTable.named(value);
  const balances = availableTable.named(value);
  return sql`
    with new_holds as (insert into ledger_holds (${holds.columns}) select ${holds.values()} from ${holds.from} order by ${holds.position})
    update ledger_accounts as account set available = balance.available
    from ${balances.from} where account.id = balance.id`;
});

/**
 * Reserves funds of client accounts for pending operations: available drops now, booked stays until
 * the operation settles (captured by postEntries) or is released. The accounts are locked once, all
 * together; `decide` then places holds one after another through `place`, each answered at once
 * against what the holds before it left (so the caller may decide the next from it), and all of
 * them are written in one statement when `decide` returns. Answers what `decide` answered.
 */
export async function placeHolds<T>(trx: Db, accountIds: readonly LedgerAccountId[], decide: (place: PlaceHold) => T extends PromiseLike<unknown> ? never : T): Promise<T> {
  if (accountIds.length === 0) {
    return decide(() => {
      throw new LedgerInvariantError('A hold on an account not locked for it');
    });
  }
  const { accounts, lockedAt } = await lockAccounts(trx, accountIds);
  const placed: Array<{ id: string; hold: HoldInput }> = [];
  const result = decide((hold) => {
    if (hold.amountMinor <= 0n) throw new LedgerInvariantError('A hold must be positive');
    const account = accounts.get(hold.accountId);
    if (!account) throw new LedgerInvariantError(`A hold on ledger account ${hold.accountId}, not locked for it`);
    if (account.kind !== 'client') throw new LedgerInvariantError('Holds are placed on client accounts only');
    if (account.currency !== hold.currency) throw new LedgerInvariantError(`Hold in ${hold.currency} on an account kept in ${account.currency}`);
    if (account.availableMinor - hold.amountMinor < 0n) return { ok: false, reason: 'INSUFFICIENT_FUNDS' };
    account.availableMinor -= hold.amountMinor;
    const id = randomUUID();
    placed.push({ id, hold });
    return { ok: true, holdId: id, balance: { bookedMinor: account.bookedMinor, availableMinor: account.availableMinor }, heldAt: lockedAt };
  });
  // The holds are written once `decide` has placed them all: one that goes on after it returns would place holds never written.
  if (result instanceof Promise) throw new LedgerInvariantError('placeHolds decides synchronously');
  if (placed.length === 0) return result;
  const changed = new Set(placed.map(({ hold }) => hold.accountId));
  await holdsStatement(trx, {
    ...holdTable.values(
      placed.map(({ id, hold }) => ({
        id,
        ledger_account_id: hold.accountId,
        currency: hold.currency,
        amount: formatMinor(hold.amountMinor, hold.currency),
        transfer_id: hold.transferId ?? null,
        created_at: lockedAt,
      })),
    ),
    ...availableTable.values([...changed].map((id) => accounts.get(id)!).map((account) => ({ id: account.id, available: formatMinor(account.availableMinor, account.currency) }))),
  });
  return result;
}

/**
 * Reserves funds of a client account for a pending transfer (placeHolds, one hold); what the account
 * has left refuses it with 422 INSUFFICIENT_FUNDS. Answers the balances after it and the instant it
 * was placed.
 */
export async function placeHold(trx: Db, hold: HoldInput): Promise<{ holdId: string; balance: Balance; heldAt: InstantText }> {
  const outcome = await placeHolds(trx, [hold.accountId], (place) => place(hold));
  if (!outcome.ok) throw new AppError(outcome.reason);
  return outcome;
}

/** Gives a hold's funds back to `available` (a denied or cancelled transfer). */
export async function releaseHold(trx: Db, holdId: string): Promise<Balance> {
  const [unlocked] = (await readHolds(trx, [holdId], false)).values();
  const account = (await lockAccounts(trx, [unlocked!.accountId])).accounts.get(unlocked!.accountId)!;
  const hold = (await readHolds(trx, [holdId], true)).get(holdId)!;
  if (hold.status !== 'active') throw new LedgerInvariantError(`Hold ${holdId} is ${hold.status}, not active`);
  const availableMinor = account.availableMinor + hold.amountMinor;
  if (availableMinor > account.bookedMinor) throw new LedgerInvariantError(`Releasing hold ${holdId} would lift available above booked`);
  await trx
    .with('released', (db) => db.updateTable('ledger_holds').set({ status: 'released', closed_at: sql<Date>`now()` }).where('id', '=', holdId))
    .updateTable('ledger_accounts')
    .set({ available: formatMinor(availableMinor, account.currency) })
    .where('id', '=', account.id)
    .execute();
  return { bookedMinor: account.bookedMinor, availableMinor };
}

/** Opens a client ledger account (balances zero) and answers its id. */
export async function openClientLedgerAccount(trx: Db, currency: Currency): Promise<LedgerAccountId> {
  const row = await trx
    .insertInto('ledger_accounts')
    .values({ kind: 'client', currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/**
 * Closes client ledger accounts to new money from now on (docs/bank-controls.md#closing-a-client):
 * postEntries refuses any credit to them but those of CREDITS_AFTER_CLOSING. Their balances stay
 * as they are; debits and holds go on as before. Locked as a write locks them, so an entry either
 * commits before the closing or meets it.
 */
export async function closeToCredits(trx: Db, ids: readonly LedgerAccountId[]): Promise<void> {
  if (ids.length === 0) return;
  const { accounts } = await lockAccounts(trx, ids);
  for (const account of accounts.values()) {
    if (account.kind !== 'client') throw new LedgerInvariantError(`Only client accounts are closed to new money, not ${account.kind} ${account.id}`);
  }
  await trx
    .updateTable('ledger_accounts')
    .set({ credits_closed_at: sql<Date>`coalesce(credits_closed_at, clock_timestamp())` })
    .where('id', 'in', [...accounts.keys()])
    .execute();
}

/** Opens a term deposit's ledger account (balances zero) and answers its id. */
export async function openDepositLedgerAccount(trx: Db, currency: Currency): Promise<LedgerAccountId> {
  const row = await trx.insertInto('ledger_accounts').values({ kind: 'deposit', currency }).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

/** The bank's own account of a kind in a currency (created by migrations 0020 and 0088 for every currency). */
export async function bankAccountId(db: Db, kind: Exclude<LedgerAccountKind, 'client' | 'deposit'>, currency: Currency): Promise<LedgerAccountId> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  if (!row) throw new LedgerInvariantError(`No ${kind} account in ${currency}`);
  return String(row.id);
}

/**
 * Locks ledger accounts as a write does (ascending id order, held to the commit) and answers their
 * balances: for an operation of several entries that checks, before writing any, that all will hold.
 */
export async function lockBalances(trx: Db, ids: readonly LedgerAccountId[]): Promise<Map<LedgerAccountId, Balance>> {
  const { accounts } = await lockAccounts(trx, ids);
  return new Map([...accounts].map(([id, account]) => [id, { bookedMinor: account.bookedMinor, availableMinor: account.availableMinor }]));
}

/** Balances of ledger accounts without locking (for answers, not for decisions). */
export async function readBalances(db: Db, ids: readonly LedgerAccountId[]): Promise<Map<LedgerAccountId, Balance & { currency: Currency }>> {
  const balances = new Map<LedgerAccountId, Balance & { currency: Currency }>();
  if (ids.length === 0) return balances;
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'currency', 'booked', 'available']).where('id', 'in', [...ids]).execute();
  for (const row of rows) {
    const currency = asCurrency(row.currency);
    balances.set(String(row.id), {
      currency,
      bookedMinor: decimalToMinor(row.booked, currency),
      availableMinor: decimalToMinor(row.available, currency),
    });
  }
  return balances;
}
