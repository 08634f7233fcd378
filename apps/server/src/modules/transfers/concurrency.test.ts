// Proves on PostgreSQL (real parallel transactions) that concurrent transfers never overdraw, never
// lose or double a posting and never fail a client with a deadlock: 200 transfers fired at once at
// one account succeed exactly as far as the money goes; crossing transfers between two accounts all
// succeed, and each account's statement reads in the order they were applied to its balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { findLedgerViolations } from '../ledger';
import { readCsv } from '../statement/test-support';
import { sendInternal } from './test-support';

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent transfers on PostgreSQL', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
  });
  afterAll(() => context?.close());

  it('lets exactly the affordable ones of 200 simultaneous transfers through', async () => {
    const payer = await createSignedInClient(context);
    const source = await openTestAccount(context, payer, 'EUR', '100.00');
    const payees = await Promise.all(Array.from({ length: 10 }, async () => {
      const payee = await createSignedInClient(context);
      return { payee, account: await openTestAccount(context, payee, 'EUR') };
    }));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => sendInternal(context, payer, source.number, payees[index % payees.length]!.account.number, '1.00')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 422)).toHaveLength(100);
    expect(await listedAccount(context, payer, source.number)).toMatchObject({ balance: '0.00', bookedBalance: '0.00' });
    let received = 0;
    for (const { payee, account } of payees) received += Number((await listedAccount(context, payee, account.number)).balance);
    expect(received).toBe(100);
    const rows = await context.db.selectFrom('statement_rows').select('id').where('client_id', '=', payer.id).execute();
    expect(rows).toHaveLength(100);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  it('settles 200 crossing transfers between two accounts without a deadlock reaching a client', async () => {
    const alice = await createSignedInClient(context);
    const bob = await createSignedInClient(context);
    const aliceAccount = await openTestAccount(context, alice, 'USD', '1000.00');
    const bobAccount = await openTestAccount(context, bob, 'USD', '1000.00');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        index % 2 === 0 ? sendInternal(context, alice, aliceAccount.number, bobAccount.number, '3.00') : sendInternal(context, bob, bobAccount.number, aliceAccount.number, '2.00'),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 200 }, () => 200));
    expect((await listedAccount(context, alice, aliceAccount.number)).balance).toBe('900.00');
    expect((await listedAccount(context, bob, bobAccount.number)).balance).toBe('1100.00');
    expect(await findLedgerViolations(context.db)).toEqual([]);
    // A transaction that waited for the other's lock is dated after it, so each statement, oldest
    // row first, opens every row where the one before closed: from the funding to the balance now.
    for (const [client, account, closing] of [[alice, aliceAccount, '900.00'], [bob, bobAccount, '1100.00']] as const) {
      const csv = await context.app.inject({ method: 'GET', url: `/api/statement?format=csv&lang=en&accountNumber=${account.number}`, headers: client.headers });
      const rows = readCsv(csv.rawPayload.toString('utf8').replace(/^\uFEFF/, '')).slice(1).reverse();
      expect(rows).toHaveLength(200);
      const breaks = rows.filter((row, index) => row[10] !== (index === 0 ? '1000.00' : rows[index - 1]![13]));
      expect({ account: account.number, breaks: breaks.length, closing: rows[rows.length - 1]![13] }).toEqual({ account: account.number, breaks: 0, closing });
    }
  });

  it('holds for international transfers never overdraw under concurrency either', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR', '1000.00');
    const details = {
      fullName: 'Recipient', recipientsSwiftBic: 'DEUTDEFF', recipientsBankCountry: 'DE', recipientsBankAddress: 'Frankfurt',
      recipientsBank: 'Deutsche Bank', recipientsIban: 'DE89370400440532013000', recipientsAddress: 'Berlin', recipientsEmail: 'r@example.de',
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        context.app.inject({
          method: 'POST',
          url: '/api/transaction/create',
          headers: client.headers,
          payload: { type: 'international', paymentRegions: 'SWIFT', fromAccount: account.number, amount: '50.00', recipientDetails: details },
        }),
      ),
    );
    // Each costs 50.00 + 50.00 fee: ten fit into 1000.00.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(await listedAccount(context, client, account.number)).toMatchObject({ balance: '0.00', bookedBalance: '1000.00' });
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
