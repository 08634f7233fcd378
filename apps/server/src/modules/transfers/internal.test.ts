// Proves the batched form of internal transfers: a batch costs the database statements of a single
// transfer, a batch alone in the group commit is one statement and no transaction of the server's,
// its keys' claims included, it writes the rows the ledger and the records write for an internal
// transfer, and in the group commit each order succeeds or fails on its own, one account's orders
// in the sequence they were submitted, with every invariant intact.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { statementCounter } from '../../test/statement-counter';
import { openAccount, type ClientAccount } from '../accounts';
import { findLedgerViolations, GroupCommit, postEntries, readBalances, writeTransferBatch } from '../ledger';
import { fundLedgerAccount } from '../ledger/test-support';
import { recordOperations } from '../operations';
import { internalSides, internalTransferJob, internalTransferOf, settleInternalTransfers, type InternalTransferOrder } from './internal';

let context: TestContext;
let accounts: ClientAccount[];
beforeAll(async () => {
  context = await createTestContext();
  accounts = [];
  for (let index = 0; index < 6; index += 1) {
    const client = await createSignedInClient(context);
    const account = await context.db.transaction().execute((trx) => openAccount(trx, client.id, 'EUR'));
    await fundLedgerAccount(context.db, account.ledgerAccountId, 'EUR', '10.00');
    accounts.push(account);
  }
});
afterAll(() => context.close());

const order = (from: ClientAccount, to: ClientAccount, amountMinor: bigint) => ({ clientId: from.clientId, from, to, amountMinor });

/** Settles orders in one transaction and answers how many statements it sent to the database. */
async function statementsToSettle(orders: InternalTransferOrder[]): Promise<number> {
  const counter = statementCounter();
  const outcomes = await context.db.transaction().execute((trx) => settleInternalTransfers(trx.withPlugin(counter), orders));
  expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(orders.length - 1);
  return counter.count();
}

describe('settleInternalTransfers', () => {
  it('costs the same few statements for a batch of many transfers as for one', async () => {
    const fresh: ClientAccount[] = [];
    for (let index = 0; index < 4; index += 1) {
      const client = await createSignedInClient(context);
      const account = await context.db.transaction().execute((trx) => openAccount(trx, client.id, 'EUR'));
      await fundLedgerAccount(context.db, account.ledgerAccountId, 'EUR', '100.00');
      fresh.push(account);
    }
    const [a, b, c, d] = fresh as [ClientAccount, ClientAccount, ClientAccount, ClientAccount];
    // Each batch ends with an order its payer cannot afford: skipped, it costs nothing either.
    const one = await statementsToSettle([order(a, b, 100n), order(c, d, 1_000_000n)]);
    const many = await statementsToSettle([
      ...Array.from({ length: 12 }, (_, index) => order(fresh[index % 4]!, fresh[(index + 1) % 4]!, BigInt(index + 1))),
      order(d, a, 1_000_000n),
    ]);
    expect(one).toBe(1);
    expect(many).toBe(one);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});

describe('internal transfers in the group commit', () => {
  it('settles each order on its own and keeps one account’s orders in sequence', async () => {
    const writer = new GroupCommit(context.db, { maxBatch: 4, maxConcurrentFlushes: 2 });
    const [a, b, c, d] = accounts as [ClientAccount, ClientAccount, ClientAccount, ClientAccount];
    // a holds 10.00: 6.00 and 4.00 fit exactly; 5.00 and 0.01 after them no longer do.
    const orders = [order(a, b, 600n), order(c, d, 100n), order(a, c, 400n), order(a, d, 500n), order(d, c, 50n), order(a, b, 1n)];
    const outcomes = await Promise.allSettled(orders.map((item) => writer.submit(internalTransferJob(item))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    }
    const balances = await readBalances(context.db, [a.ledgerAccountId, b.ledgerAccountId, c.ledgerAccountId, d.ledgerAccountId]);
    expect([a, b, c, d].map((account) => balances.get(account.ledgerAccountId)!.bookedMinor)).toEqual([0n, 1600n, 1350n, 1050n]);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});

/** Fresh funded EUR accounts of fresh clients. */
async function fundedAccounts(count: number, amount: string): Promise<ClientAccount[]> {
  const opened: ClientAccount[] = [];
  for (let index = 0; index < count; index += 1) {
    const client = await createSignedInClient(context);
    const account = await context.db.transaction().execute((trx) => openAccount(trx, client.id, 'EUR'));
    await fundLedgerAccount(context.db, account.ledgerAccountId, 'EUR', amount);
    opened.push(account);
  }
  return opened;
}

/** The database handle the group commit writes through, refusing to open a transaction of its own. */
function withoutTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') throw new Error('The batch opened a transaction');
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a batch of internal transfers alone in the group commit', () => {
  it('is one statement and no transaction of the server’s, its keys claimed, replayed and given back in it', async () => {
    const [a, b, c] = (await fundedAccounts(3, '10.00')) as [ClientAccount, ClientAccount, ClientAccount];
    const counter = statementCounter();
    const writer = new GroupCommit(withoutTransactions(context.db.withPlugin(counter)), { maxBatch: 16, maxConcurrentFlushes: 1 });
    const claim = (key: string, hash = 'the request') => ({ ownerId: a.clientId, key, hash });
    const submit = (item: InternalTransferOrder, key: string, hash?: string) => writer.submit({ ...internalTransferJob(item), idempotency: claim(key, hash) });
    // a holds 10.00: 6.00 is written, 5.00 after it is refused, 4.00 after that still fits.
    const first = await Promise.allSettled([submit(order(a, b, 600n), 'k1'), submit(order(a, c, 500n), 'k2'), submit(order(a, b, 400n), 'k3')]);
    expect(writer.committed).toEqual({ transactions: 1, jobs: 3 });
    expect(counter.count()).toBe(1);
    expect(first.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(first[1]).toMatchObject({ reason: { code: 'INSUFFICIENT_FUNDS' } });

    // Again in one batch: the written keys replay (another request with one is a conflict), and the
    // refused one's key was given back, so its request is decided afresh.
    const second = await Promise.allSettled([submit(order(a, b, 600n), 'k1'), submit(order(a, c, 500n), 'k2'), submit(order(a, b, 1n), 'k3', 'another request')]);
    expect(writer.committed).toEqual({ transactions: 2, jobs: 6 });
    expect(counter.count()).toBe(2);
    expect(second[0]).toMatchObject({ status: 'fulfilled', value: { status: 200, body: 'Created', replayed: true } });
    expect(second[1]).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_FUNDS' } });
    expect(second[2]).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    const balances = await readBalances(context.db, [a.ledgerAccountId, b.ledgerAccountId, c.ledgerAccountId]);
    expect([a, b, c].map((account) => balances.get(account.ledgerAccountId)!.bookedMinor)).toEqual([0n, 2000n, 1000n]);
    const keys = await context.db.selectFrom('idempotency_keys').select(['key', 'response_status']).where('client_id', '=', a.clientId).orderBy('key').execute();
    expect(keys).toEqual([
      { key: 'k1', response_status: 200 },
      { key: 'k3', response_status: 200 },
    ]);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  it('writes the rows the ledger and the records write for an internal transfer', async () => {
    const [a, b, c, d] = (await fundedAccounts(4, '50.00')) as [ClientAccount, ClientAccount, ClientAccount, ClientAccount];
    const details = { paymentReference: 'Invoice 7', templateName: 'Rent', purpose: 'Rent for May', recipient: 'Jane Doe' };
    const batchOrders = [{ ...order(a, b, 1234n), ...details }, order(a, b, 1n)];
    const [written, second] = await settleInternalTransfers(context.db, batchOrders);
    // The same orders between two other accounts, through postEntries and recordOperations.
    const byCode = [{ ...order(c, d, 1234n), ...details }, order(c, d, 1n)];
    const transferIds = byCode.map(() => randomUUID());
    const numbers = await context.db.transaction().execute(async (trx) => {
      const outcomes = await postEntries(
        trx,
        byCode.map((item, index) => ({
          kind: 'internal_transfer' as const,
          transferId: transferIds[index]!,
          postings: [
            { accountId: item.from.ledgerAccountId, currency: item.from.currency, amountMinor: -item.amountMinor },
            { accountId: item.to.ledgerAccountId, currency: item.to.currency, amountMinor: item.amountMinor },
          ],
        })),
      );
      return recordOperations(
        trx,
        byCode.map((item, index) => {
          const outcome = outcomes[index]!;
          if (!outcome.ok) throw new Error('refused');
          return {
            at: outcome.bookedAt,
            transfer: internalTransferOf(item, transferIds[index]!, 'Approved'),
            sides: internalSides(item, outcome.bookedAt, (account) => outcome.balances.get(account.ledgerAccountId)!.bookedMinor),
            actor: { type: 'client' as const, id: item.clientId },
          };
        }),
      );
    });
    if (!written?.ok || !second?.ok) throw new Error('The batch refused a transfer');
    const oneCall = await rowsOf([written.transferId, second.transferId], [written.transactionNumber, second.transactionNumber], [a, b]);
    const inCode = await rowsOf(transferIds, transferIds.map((id) => numbers.get(id)!), [c, d]);
    expect(oneCall).toEqual(inCode);
    expect([oneCall.operations, oneCall.statementRows, oneCall.audit, oneCall.postings].map((rows) => rows.length)).toEqual([2, 4, 2, 4]);
  });
});

describe('internal_transfers_batch', () => {
  it('refuses one idempotency key twice in a call, writing nothing', async () => {
    const [a, b] = (await fundedAccounts(2, '10.00')) as [ClientAccount, ClientAccount];
    const item = (key: string) => ({
      transferId: randomUUID(),
      payer: { clientId: a.clientId, accountId: a.id, number: a.number, ledgerAccountId: a.ledgerAccountId },
      payee: { clientId: b.clientId, accountId: b.id, number: b.number, ledgerAccountId: b.ledgerAccountId },
      currency: 'EUR' as const,
      amountMinor: 100n,
      recipient: b.number,
      templateName: null,
      description: null,
      details: JSON.stringify({ fromAccountId: a.id, toAccountId: b.id }),
      claim: { ownerId: a.clientId, key, hash: 'the request' },
    });
    await expect(writeTransferBatch(context.db, [item('twice'), item('twice')], { status: 200, body: 'Created' })).rejects.toThrow(/one idempotency key twice/);
    expect((await readBalances(context.db, [a.ledgerAccountId])).get(a.ledgerAccountId)!.bookedMinor).toBe(1000n);
  });

  it.runIf(onPostgres)('books at the instant it holds every lock, the same instant on every row', async () => {
    const [a, b] = (await fundedAccounts(2, '10.00')) as [ClientAccount, ClientAccount];
    // Another transaction holds both accounts, reading only, for a while: the batch waits for it.
    let released = new Date(0);
    const holding = context.db.transaction().execute(async (trx) => {
      await sql`select id from ledger_accounts where id = any(${[a.ledgerAccountId, b.ledgerAccountId]}::bigint[]) order by id for no key update`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 300));
      released = new Date();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [outcome] = await settleInternalTransfers(context.db, [order(a, b, 100n)]);
    await holding;
    if (!outcome?.ok) throw new Error('The transfer was refused');
    const { rows } = await sql<{ at: Date }>`
      select booked_at as at from operations where id = ${outcome.transferId}::uuid
      union all select booked_at from statement_rows where operation_id = ${outcome.transferId}::uuid
      union all select created_at from journal_entries where transfer_id = ${outcome.transferId}::uuid
      union all select p.created_at from postings p join journal_entries e on e.id = p.entry_id where e.transfer_id = ${outcome.transferId}::uuid`.execute(context.db);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.at.getTime())).size).toBe(1);
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(released.getTime());
  });
});

/**
 * What a transfer writes, with what differs by nature between two transfers (ids, numbers, instants,
 * the accounts and clients) named by role: the order, `payer` and `payee`, `number 1`…
 */
async function rowsOf(transferIds: string[], numbers: string[], [payer, payee]: [ClientAccount, ClientAccount]) {
  const roles = new Map<string, string>([
    [payer.id, 'payer account'],
    [payee.id, 'payee account'],
    [payer.number, 'payer number'],
    [payee.number, 'payee number'],
    [payer.clientId, 'payer'],
    [payee.clientId, 'payee'],
    ...transferIds.map((id, index): [string, string] => [id, `transfer ${index + 1}`]),
    ...numbers.map((number, index): [string, string] => [number, `number ${index + 1}`]),
  ]);
  const named = (value: unknown): unknown => {
    if (typeof value === 'string') return roles.get(value) ?? value;
    if (value instanceof Date) return 'an instant';
    if (Array.isArray(value)) return value.map(named);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, named(item)]));
    return value;
  };
  const { rows: operations } = await sql<Record<string, unknown>>`
    select id, number, kind, status, status_reason, client_id, amount::text, currency, fee::text, counterparty, details,
      created_at = booked_at and updated_at = booked_at as one_instant
    from operations where id = any(${transferIds}::uuid[]) order by number`.execute(context.db);
  const { rows: statementRows } = await sql<Record<string, unknown>>`
    select operation_id, client_id, account_id, wallet_id, direction, from_account, to_account, recipient, amount::text, currency, fee::text,
      balance_after::text, transaction_type, reference, template_name, description, number, status, created_at = booked_at as one_instant
    from statement_rows where operation_id = any(${transferIds}::uuid[]) order by number, direction desc`.execute(context.db);
  const { rows: audit } = await sql<Record<string, unknown>>`
    select actor_type, actor_id, action, subject_type, subject_id, ip, before, after
    from audit_log where subject_id = any(${transferIds}) order by id`.execute(context.db);
  const { rows: postings } = await sql<Record<string, unknown>>`
    select e.kind, e.transfer_id, p.ledger_account_id = ${payer.ledgerAccountId}::bigint as payer_side, p.currency, p.amount::text, p.created_at = e.created_at as one_instant
    from journal_entries e join postings p on p.entry_id = e.id where e.transfer_id = any(${transferIds}::uuid[]) order by e.created_at, p.amount`.execute(context.db);
  return named({ operations, statementRows, audit, postings }) as Record<'operations' | 'statementRows' | 'audit' | 'postings', unknown[]>;
}
