// Proves the demo money: both demo clients get three accounts and four months of varied history
// booked through the ledger (every invariant holds), with a transfer abroad pending for each and a
// running term deposit for the personal client (its payout dated in the demo's past), and
// each account's statement rows add up to its balances and turnovers.
import type { Account, Deposit, StatementPage, TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seed';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSession } from '../auth';
import { findLedgerViolations } from '../ledger';
import { rowsAgainstSummary } from '../statement/test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
  await seedDemoData(context.deps);
});
afterAll(() => context.close());

async function signedIn(email: string): Promise<{ authorization: string }> {
  const client = await context.db.selectFrom('clients').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { authorization: `Bearer ${await createSession(context.db, context.config.secret, 'client', client.id)}` };
}

describe('demo money', () => {
  it('keeps every ledger invariant', async () => {
    expect(await findLedgerViolations(context.db)).toEqual([]);
  });

  for (const [email, currencies] of [['demo@bank.example', ['EUR', 'USD', 'GBP']], ['corp@bank.example', ['EUR', 'USD', 'CHF']]] as const) {
    it(`gives ${email} funded accounts and months of varied history`, async () => {
      const headers = await signedIn(email);
      const accounts = (await context.app.inject({ method: 'GET', url: '/api/account/list', headers })).json<Account[]>();
      expect(accounts.map((account) => account.currency).sort()).toEqual([...currencies].sort());
      for (const account of accounts) expect(Number(account.balance)).toBeGreaterThan(0);

      const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers })).json<TransactionRecord[]>();
      const types = new Set(rows.map((row) => row.transactionType));
      expect(types.has('Intra')).toBe(true);
      expect(types.has('Exchange')).toBe(true);
      expect([...types].some((type) => type.startsWith('International') || type === 'Europe (SEPA)' || type === 'ACH' || type === 'BACS')).toBe(true);
      expect(new Set(rows.map((row) => row.direction))).toEqual(new Set(['IN', 'OUT']));
      // One transfer abroad waits for the bank (and for the personal client, a conversion from USDT to its euros).
      expect(rows.filter((row) => row.transactionStatus === 'New' && row.reference === 'International')).toHaveLength(1);
      expect(rows.some((row) => Number(row.fee) > 0)).toBe(true);
      const oldest = Math.min(...rows.map((row) => row.created));
      expect(Date.now() / 1000 - oldest).toBeGreaterThan(100 * 86_400);
      // Newest first, and each row's balance is its account's booked balance right after it (the
      // pending transfer's hold lowers the available balance only).
      for (const account of accounts) {
        const own = rows.filter((row) => row.accountNumber === account.number);
        expect(own[0]!.balance).toBe(account.bookedBalance);
      }
      expect(accounts.some((account) => account.balance !== account.bookedBalance)).toBe(true);

      // The statement of each account, this month and all of it: the rows open at the period's
      // opening balance, chain from row to row, close at its closing balance and add up to its turnovers.
      for (const account of accounts) {
        const periods: Array<Record<string, string>> = [{}, { period: 'thisMonth' }, { period: 'last30Days' }];
        for (const period of periods) {
          const query = new URLSearchParams({ accountNumber: account.number, limit: '100', ...period });
          const page = (await context.app.inject({ method: 'GET', url: `/api/statement?${query}`, headers })).json<StatementPage>();
          expect(page.total).toBeLessThanOrEqual(100);
          expect({ account: account.number, period, problems: rowsAgainstSummary(page.rows, page.accounts![0]!) }).toEqual({ account: account.number, period, problems: [] });
          if (Object.keys(period).length === 0) expect(page.accounts![0]!.closingBalance).toBe(account.bookedBalance);
        }
      }
    });
  }
});

describe('demo deposit', () => {
  it('gives demo@bank.example one running term deposit with its first payout made and interest accruing', async () => {
    const headers = await signedIn('demo@bank.example');
    const response = await context.app.inject({ method: 'GET', url: '/api/deposit/list', headers });
    const { deposits } = response.json<{ deposits: Deposit[] }>();
    expect(deposits).toHaveLength(1);
    const [deposit] = deposits;
    expect(deposit).toMatchObject({ status: 'Active', currency: 'EUR', principal: '10000.00', termMonths: 6, payoutMonths: 1 });
    expect(deposit!.payouts.filter((payout) => payout.paid)).toHaveLength(1);
    expect(deposit!.interestPaid).toBe(deposit!.payouts[0]!.amount);
    expect(Number(deposit!.interestPaid)).toBeGreaterThan(0);
    expect(Number(deposit!.accruedInterest)).toBeGreaterThan(0);
    expect(deposit!.nextPayout).toEqual({ date: deposit!.payouts[1]!.date, amount: deposit!.payouts[1]!.amount });
    // Its placement, its fee and its payout are rows of the EUR account's statement.
    const rows = (await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers })).json<TransactionRecord[]>();
    const ofDeposit = rows.filter((row) => row.paymentReference === deposit!.number);
    expect(ofDeposit.map((row) => [row.direction, row.amount]).sort()).toEqual(
      [['IN', deposit!.interestPaid], ['OUT', '10000.00'], ['OUT', deposit!.openingFee]].sort(),
    );
    // The payout is dated when its interest was booked in the demo's past, not when the demo was
    // seeded: the liability report of its day reads it as paid.
    const payout = await context.db
      .selectFrom('deposit_payouts as p')
      .innerJoin('journal_entries as e', 'e.transfer_id', 'p.transfer_id')
      .select(['p.paid_at', 'e.created_at'])
      .where('p.deposit_id', '=', deposit!.id)
      .executeTakeFirstOrThrow();
    expect(new Date(payout.paid_at).toISOString()).toBe(new Date(payout.created_at).toISOString());
    expect(new Date(payout.paid_at).toISOString().slice(0, 10) <= deposit!.payouts[0]!.date).toBe(true);
  });
});

describe('demo crypto', () => {
  it('gives demo@bank.example funded BTC and USDT wallets with history in every status, and corp@bank.example an ETH wallet', async () => {
    const personal = await signedIn('demo@bank.example');
    const wallets = (await context.app.inject({ method: 'GET', url: '/api/wallet/list', headers: personal })).json<Array<{ currency: string; balance: string }>>();
    expect(wallets.map((wallet) => wallet.currency)).toEqual(['BTC', 'USDT']);
    for (const wallet of wallets) expect(Number(wallet.balance)).toBeGreaterThan(0);
    const history = (await context.app.inject({ method: 'GET', url: '/api/crypto-transaction/list?limit=100', headers: personal })).json<{ items: Array<{ status: string; kind: string }> }>();
    expect(new Set(history.items.map((row) => row.status))).toEqual(new Set(['New', 'Approved', 'Denied']));
    expect(new Set(history.items.map((row) => row.kind))).toEqual(new Set(['deposit', 'transfer', 'conversion']));

    const business = await signedIn('corp@bank.example');
    const corporate = (await context.app.inject({ method: 'GET', url: '/api/wallet/list', headers: business })).json<Array<{ currency: string; balance: string }>>();
    expect(corporate).toMatchObject([{ currency: 'ETH' }]);
    expect(Number(corporate[0]!.balance)).toBeGreaterThan(0);
  });
});
