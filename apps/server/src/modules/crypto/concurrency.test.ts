// Proves on PostgreSQL (real parallel transactions) that crypto transfers fired at once at one
// wallet never overdraw it: exactly as many holds as the coins pay for are placed, and inside the
// bank exactly as many payments as the balance covers arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { findLedgerViolations } from '../ledger';
import { cryptoList, listedWallet, openTestWallet, sendCrypto } from './test-support';

describe.runIf(process.env.TEST_DATABASE_URL)('concurrent crypto transfers on PostgreSQL', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext({}, { postgresOnly: true });
  });
  afterAll(() => context?.close());

  it('let exactly the affordable ones of 100 simultaneous transfers out of one wallet through', async () => {
    const client = await createSignedInClient(context);
    // 0.01 BTC + 0.00015 network fee each: 40 of them fit in 0.406 BTC.
    const wallet = await openTestWallet(context, client, 'BTC', '0.406');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => sendCrypto(context, client, { fromWallet: wallet.number, recipient: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: '0.01', currency: 'BTC' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(40);
    expect(statuses.filter((status) => status === 422)).toHaveLength(60);
    expect(await listedWallet(context, client, wallet.number)).toMatchObject({ balance: '0.00000000', bookedBalance: '0.40600000' });
    expect((await cryptoList(context, client)).total).toBe(40);
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  it('pays another wallet of the bank exactly as far as the balance goes', async () => {
    const payer = await createSignedInClient(context);
    const payee = await createSignedInClient(context);
    const from = await openTestWallet(context, payer, 'USDC', '50');
    const to = await openTestWallet(context, payee, 'USDC');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => sendCrypto(context, payer, { fromWallet: from.number, recipient: to.number, amount: '1', currency: 'USDC' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(50);
    expect((await listedWallet(context, payer, from.number)).balance).toBe('0.000000');
    expect((await listedWallet(context, payee, to.number)).balance).toBe('50.000000');
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });
});
