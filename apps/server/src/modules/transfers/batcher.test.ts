// Proves group commit of internal transfers: concurrent orders settle in shared transactions, each
// succeeding or failing on its own, with every invariant intact; a batch costs the database
// statements of a single transfer; batches in flight never share an account, and one account's
// orders keep their sequence.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { openAccount, type ClientAccount } from '../accounts/service';
import { findLedgerViolations } from '../ledger/invariants';
import { fundLedgerAccount } from '../ledger/test-support';
import { InternalTransferBatcher, internalTransferBatcher } from './batcher';
import { settleInternalTransfers, type InternalTransferOrder } from './internal';

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
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const outcomes = await context.db.transaction().execute((trx) => settleInternalTransfers(trx.withPlugin(counter), orders));
  expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(orders.length - 1);
  return statements;
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
    expect(one).toBeLessThanOrEqual(3);
    expect(many).toBe(one);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});

describe('InternalTransferBatcher', () => {
  it('settles each order on its own and keeps one account’s orders in sequence', async () => {
    const batcher = internalTransferBatcher(context.db, { maxBatch: 4, maxConcurrentFlushes: 2 });
    const [a, b, c, d] = accounts as [ClientAccount, ClientAccount, ClientAccount, ClientAccount];
    // a holds 10.00: 6.00 and 4.00 fit exactly; 5.00 and 0.01 after them no longer do.
    const outcomes = await Promise.all([
      batcher.submit(order(a, b, 600n)),
      batcher.submit(order(c, d, 100n)),
      batcher.submit(order(a, c, 400n)),
      batcher.submit(order(a, d, 500n)),
      batcher.submit(order(d, c, 50n)),
      batcher.submit(order(a, b, 1n)),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, false, true, false]);
    const numbers = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.transactionNumber] : []));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  it('never lets two batches in flight touch the same account', async () => {
    const busy = new Map<string, number>();
    let overlaps = 0;
    let batches = 0;
    const batcher = new InternalTransferBatcher(async (orders) => {
      batches += 1;
      const ids = new Set(orders.flatMap((item) => [item.from.ledgerAccountId, item.to.ledgerAccountId]));
      for (const id of ids) {
        if (busy.has(id)) overlaps += 1;
        busy.set(id, (busy.get(id) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const id of ids) busy.delete(id);
      return orders.map(() => ({ ok: true as const, transferId: 'id', transactionNumber: 'number' }));
    }, { maxBatch: 3, maxConcurrentFlushes: 3 });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, index) => batcher.submit(order(accounts[index % 6]!, accounts[(index * 5 + 1) % 6]!, 1n))));
    expect(outcomes).toHaveLength(60);
    expect(overlaps).toBe(0);
    expect(batches).toBeGreaterThanOrEqual(20);
  });

  it('batches a busy account’s orders on their own and never stalls when they must wait', async () => {
    const batches: number[][] = [];
    const batcher = new InternalTransferBatcher(async (orders) => {
      batches.push(orders.map((item) => Number(item.amountMinor)));
      await new Promise((resolve) => setTimeout(resolve, 2));
      return orders.map(() => ({ ok: true as const, transferId: 'id', transactionNumber: 'number' }));
    }, { maxBatch: 50, maxConcurrentFlushes: 2 });
    const [busy, ...others] = accounts as [ClientAccount, ...ClientAccount[]];
    // Twelve orders touch the busy account, interleaved with orders among the others; the busy
    // account's first order waits behind an order on its counterpart.
    const submitted: Array<Promise<unknown>> = [batcher.submit(order(others[0]!, others[1]!, 1000n))];
    for (let index = 0; index < 12; index += 1) {
      submitted.push(batcher.submit(order(busy, others[index % others.length]!, BigInt(index + 1))));
      submitted.push(batcher.submit(order(others[1]!, others[2]!, 2000n + BigInt(index))));
    }
    await Promise.all(submitted);
    expect(batches.flat()).toHaveLength(25);
    expect(batches.some((batch) => batch.length >= 8 && batch.every((amount) => amount <= 12))).toBe(true);
  });

  it('hands a failed batch’s error to each of its orders', async () => {
    const batcher = new InternalTransferBatcher(async () => {
      throw new Error('database gone');
    }, { maxBatch: 8, maxConcurrentFlushes: 1 });
    const results = await Promise.allSettled([batcher.submit(order(accounts[0]!, accounts[1]!, 1n)), batcher.submit(order(accounts[2]!, accounts[3]!, 1n))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
