import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { decimalToMinor, formatMinor, isCurrency, type Currency } from '@bank/contracts';
import type { Db } from '../../db';
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
 * that merely reference the account (postings, holds) check their foreign keys without waiting. The CHECK constraints of migration 0020 are the second
 * line behind the code checks.
 */

export type LedgerAccountId = string;

export type EntryKind =
  | 'internal_transfer'
  | 'exchange'
  | 'international_transfer'
  | 'incoming_payment'
  | 'fee'
  | 'reversal';

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
}

export type EntryOutcome =
  | { ok: true; entryId: string; balances: ReadonlyMap<LedgerAccountId, Balance> }
  | { ok: false; reason: 'INSUFFICIENT_FUNDS'; accountId: LedgerAccountId };

/**
 * Writes of another module that belong with the entries (the transfer and statement rows of the
 * same operations): their common table expressions run in the ledger's one write statement, so the
 * balance rows stay locked for a single round trip, and the final select answers the caller.
 */
export interface CompanionWrite<Row> {
  /** "name as (statement), …": data-modifying common table expressions. */
  ctes: RawBuilder<unknown>;
  /** The statement's final select. */
  select: RawBuilder<Row>;
}

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

/** Locks the ledger accounts in ascending id order and reads their balances. */
async function lockAccounts(trx: Db, ids: Iterable<LedgerAccountId>): Promise<Map<LedgerAccountId, LockedAccount>> {
  const sorted = [...new Set(ids)].sort(compareIds);
  const locked = new Map<LedgerAccountId, LockedAccount>();
  if (sorted.length === 0) return locked;
  const { rows } = await sql<{ id: string; kind: LedgerAccountKind; currency: string; booked: string; available: string }>`
    select id, kind, currency, booked, available from ledger_accounts
    where id = any(${sorted}::bigint[]) order by id for no key update`.execute(trx);
  for (const row of rows) {
    const currency = asCurrency(row.currency);
    locked.set(String(row.id), {
      id: String(row.id),
      kind: row.kind,
      currency,
      bookedMinor: decimalToMinor(row.booked, currency),
      availableMinor: decimalToMinor(row.available, currency),
    });
  }
  for (const id of sorted) {
    if (!locked.has(id)) throw new LedgerInvariantError(`Ledger account ${id} does not exist`);
  }
  return locked;
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

function isOverdrawn(account: LockedAccount): boolean {
  return account.kind === 'client' && (account.bookedMinor < 0n || account.availableMinor < 0n);
}


/**
 * Posts several journal entries in the caller's transaction. Each entry succeeds or fails on its
 * own (a failed one writes nothing), evaluated in order against the locked balances; the result
 * says which. Used for one transfer as for a batch of them.
 */
export async function postEntries(trx: Db, entries: readonly EntryInput[]): Promise<EntryOutcome[]> {
  return (await postEntriesWith(trx, entries, () => null)).outcomes;
}

/**
 * postEntries with the companion writes the caller derives from the outcomes, written in the same
 * statement as the entries; answers the outcomes and the rows of the companion's select.
 */
export async function postEntriesWith<Row>(
  trx: Db,
  entries: readonly EntryInput[],
  companion: (outcomes: readonly EntryOutcome[]) => CompanionWrite<Row> | null,
): Promise<{ outcomes: EntryOutcome[]; rows: Row[] }> {
  for (const entry of entries) assertBalancedEntry(entry);

  const holdIds = entries.flatMap((entry) => entry.captureHoldIds ?? []);
  if (new Set(holdIds).size !== holdIds.length) throw new LedgerInvariantError('A hold can be captured only once');
  // Hold rows name their accounts; read them first so their accounts are locked with the others, in order.
  const holdAccounts = holdIds.length > 0 ? [...(await readHolds(trx, holdIds, false)).values()].map((hold) => hold.accountId) : [];
  const accounts = await lockAccounts(trx, [...entries.flatMap((entry) => entry.postings.map((posting) => posting.accountId)), ...holdAccounts]);
  const holds = await readHolds(trx, holdIds, true);
  const changedIds = new Set<LedgerAccountId>();

  const outcomes: EntryOutcome[] = [];
  const written: Array<{ id: string; entry: EntryInput }> = [];
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
    const entryId = randomUUID();
    const balances = new Map<LedgerAccountId, Balance>();
    for (const account of next.values()) {
      accounts.set(account.id, account);
      changedIds.add(account.id);
      balances.set(account.id, { bookedMinor: account.bookedMinor, availableMinor: account.availableMinor });
    }
    outcomes.push({ ok: true, entryId, balances });
    written.push({ id: entryId, entry });
    for (const holdId of entry.captureHoldIds ?? []) {
      holds.get(holdId)!.status = 'captured';
      captured.push(holdId);
    }
  }
  const rows = await writeEntries(trx, written, [...changedIds].map((id) => accounts.get(id)!), captured, companion(outcomes));
  return { outcomes, rows };
}

/** One statement: journal entries, their postings, the new balances, the captured holds and the companion writes. */
async function writeEntries<Row>(
  trx: Db,
  written: ReadonlyArray<{ id: string; entry: EntryInput }>,
  balances: readonly LockedAccount[],
  capturedHoldIds: readonly string[],
  companion: CompanionWrite<Row> | null,
): Promise<Row[]> {
  const ctes: RawBuilder<unknown>[] = [];
  if (written.length > 0) {
    const postings = written.flatMap(({ id, entry }) => entry.postings.map((posting) => ({ entryId: id, posting, postedAt: entry.postedAt })));
    ctes.push(sql`
      new_entries as (
        insert into journal_entries (id, kind, transfer_id, created_at)
        select entry.id, entry.kind, entry.transfer_id, coalesce(entry.posted_at, now())
        from unnest(${written.map((item) => item.id)}::uuid[], ${written.map((item) => item.entry.kind)}::text[],
          ${written.map((item) => item.entry.transferId ?? null)}::uuid[],
          ${written.map((item) => item.entry.postedAt?.toISOString() ?? null)}::timestamptz[]) as entry (id, kind, transfer_id, posted_at)
      ),
      new_postings as (
        insert into postings (entry_id, ledger_account_id, currency, amount, created_at)
        select posting.entry_id, posting.ledger_account_id, posting.currency, posting.amount, coalesce(posting.posted_at, now())
        from unnest(${postings.map((item) => item.entryId)}::uuid[],
          ${postings.map((item) => item.posting.accountId)}::bigint[],
          ${postings.map((item) => item.posting.currency)}::text[],
          ${postings.map((item) => formatMinor(item.posting.amountMinor, item.posting.currency))}::numeric[],
          ${postings.map((item) => item.postedAt?.toISOString() ?? null)}::timestamptz[]) as posting (entry_id, ledger_account_id, currency, amount, posted_at)
      ),
      new_balances as (
        update ledger_accounts as account
        set booked = balance.booked, available = balance.available
        from unnest(${balances.map((account) => account.id)}::bigint[],
          ${balances.map((account) => formatMinor(account.bookedMinor, account.currency))}::numeric[],
          ${balances.map((account) => formatMinor(account.availableMinor, account.currency))}::numeric[]) as balance (id, booked, available)
        where account.id = balance.id
      )`);
  }
  if (capturedHoldIds.length > 0) {
    ctes.push(sql`captured_holds as (update ledger_holds set status = 'captured', closed_at = now() where id = any(${[...capturedHoldIds]}::uuid[]))`);
  }
  if (companion) ctes.push(companion.ctes);
  if (ctes.length === 0) return [];
  const select = companion ? companion.select : sql<Row>`select 1`;
  const { rows } = await sql<Row>`with ${sql.join(ctes, sql`, `)} ${select}`.execute(trx);
  return companion ? rows : [];
}

/** Posts one entry; a client balance that would go below zero is the expected 422 INSUFFICIENT_FUNDS. */
export async function postEntry(trx: Db, entry: EntryInput): Promise<{ entryId: string; balances: ReadonlyMap<LedgerAccountId, Balance> }> {
  const [outcome] = await postEntries(trx, [entry]);
  if (!outcome) throw new LedgerInvariantError('postEntries answered nothing for one entry');
  if (!outcome.ok) throw new AppError('INSUFFICIENT_FUNDS');
  return outcome;
}

/**
 * Reserves funds of a client account for a pending transfer: available drops now, booked stays
 * until the transfer settles (captured by postEntry) or is released.
 */
export async function placeHold(
  trx: Db,
  hold: { accountId: LedgerAccountId; currency: Currency; amountMinor: bigint; transferId?: string | null },
): Promise<{ holdId: string; balance: Balance }> {
  if (hold.amountMinor <= 0n) throw new LedgerInvariantError('A hold must be positive');
  const account = (await lockAccounts(trx, [hold.accountId])).get(hold.accountId)!;
  if (account.kind !== 'client') throw new LedgerInvariantError('Holds are placed on client accounts only');
  if (account.currency !== hold.currency) throw new LedgerInvariantError(`Hold in ${hold.currency} on an account kept in ${account.currency}`);
  const availableMinor = account.availableMinor - hold.amountMinor;
  if (availableMinor < 0n) throw new AppError('INSUFFICIENT_FUNDS');
  const holdId = randomUUID();
  await sql`
    with new_hold as (
      insert into ledger_holds (id, ledger_account_id, currency, amount, transfer_id)
      values (${holdId}, ${hold.accountId}, ${hold.currency}, ${formatMinor(hold.amountMinor, hold.currency)}, ${hold.transferId ?? null})
    )
    update ledger_accounts set available = ${formatMinor(availableMinor, account.currency)}::numeric where id = ${hold.accountId}`.execute(trx);
  return { holdId, balance: { bookedMinor: account.bookedMinor, availableMinor } };
}

/** Gives a hold's funds back to `available` (a denied or cancelled transfer). */
export async function releaseHold(trx: Db, holdId: string): Promise<Balance> {
  const [unlocked] = (await readHolds(trx, [holdId], false)).values();
  const account = (await lockAccounts(trx, [unlocked!.accountId])).get(unlocked!.accountId)!;
  const hold = (await readHolds(trx, [holdId], true)).get(holdId)!;
  if (hold.status !== 'active') throw new LedgerInvariantError(`Hold ${holdId} is ${hold.status}, not active`);
  const availableMinor = account.availableMinor + hold.amountMinor;
  if (availableMinor > account.bookedMinor) throw new LedgerInvariantError(`Releasing hold ${holdId} would lift available above booked`);
  await sql`
    with released as (
      update ledger_holds set status = 'released', closed_at = now() where id = ${holdId}
    )
    update ledger_accounts set available = ${formatMinor(availableMinor, account.currency)}::numeric where id = ${account.id}`.execute(trx);
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

/** The bank's own account of a kind in a currency (created by migration 0020 for every currency). */
export async function bankAccountId(db: Db, kind: Exclude<LedgerAccountKind, 'client'>, currency: Currency): Promise<LedgerAccountId> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  if (!row) throw new LedgerInvariantError(`No ${kind} account in ${currency}`);
  return String(row.id);
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
