// Proves the batched form of internal transfers: a batch costs the database statements of a single
// transfer, and in the group commit each order succeeds or fails on its own, one account's orders
// in the sequence they were submitted, with every invariant intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { statementCounter } from '../../test/statement-counter';
import { openAccount, type ClientAccount } from '../accounts';
import { findLedgerViolations, GroupCommit, readBalances } from '../ledger';
import { fundLedgerAccount } from '../ledger/test-support';
import { internalTransferJob, settleInternalTransfers, type InternalTransferOrder } from './internal';

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
    expect(one).toBeLessThanOrEqual(3);
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
