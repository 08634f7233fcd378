// Proves the account maintenance fee (docs/product.md#tariffs-and-limits) with the bank's clock held still on the first of a month: a
// client whose accounts moved in the month before is charged 30 EUR once (a second run, and two runs
// at once, charge nothing more), from the EUR account or its exact equivalent from another account;
// a client whose accounts did not move is not charged, nor is a month in which only the fee or a
// deposit's interest moved;
// a short balance pays what it has, never going below zero, and the rest is kept as arrears that the
// next credit pays, once; the charge is a statement row "Account maintenance"; nothing is converted
// on stale rates (the EUR account pays what it can, the rest is kept as arrears); and the fee can be
// switched off without the months it was off being charged later.
import type { Account, TransactionRecord } from '@bank/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { jobContextOf, createTestContext, type TestContext } from '../../test/harness';
import { findOwnAccount, type ClientAccount } from '../accounts';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { bankDateOf, fixedClock, monthDay, type FixedClock, type JobContext } from '../jobs';
import { bankAccountId, postEntry } from '../ledger';
import { fundLedgerAccount } from '../ledger/test-support';
import { chargeFee } from '../operations';
import { closeCheckingLedger } from '../ledger/test-context';
import { collectArrears } from './arrears';
import { chargeClientForMonth, chargeMaintenanceFees } from './maintenance';

// The test's money moves now, by the database's time: the fee falls due on the first of next month.
const THIS_MONTH = `${bankDateOf(new Date(), 'UTC').slice(0, 7)}-01`;
const NEXT_MONTH = monthDay(THIS_MONTH, 1, 1);
const firstOf = (month: string) => `${month}T00:30:00Z`;

async function setUp(clock: FixedClock, maintenanceFee = true): Promise<{ context: TestContext; jobs: JobContext }> {
  const { time } = loadConfig({ NODE_ENV: 'test' });
  // The clock stands on the first of next month, up to 31 days after the rates were loaded today:
  // they stay usable here whatever the day of the month the test runs on.
  const context = await createTestContext({ time: { ...time, maintenanceFee, ratesMaxAgeHours: 24 * 32 } }, { clock });
  const jobs = jobContextOf(context, clock);
  return { context, jobs };
}

async function ledgerIdOf(context: TestContext, account: Account): Promise<string> {
  const row = await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', account.number).executeTakeFirstOrThrow();
  return String(row.ledger_account_id);
}

describe('the monthly account maintenance fee', () => {
  const clock = fixedClock(firstOf(NEXT_MONTH));
  let context: TestContext;
  let jobs: JobContext;
  beforeAll(async () => {
    ({ context, jobs } = await setUp(clock));
  });
  afterAll(() => closeCheckingLedger(context));

  const balanceOf = async (client: TestClient, account: Account) => (await listedAccount(context, client, account.number)).balance;
  const maintenanceRows = async (client: TestClient) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers });
    return response.json<TransactionRecord[]>().filter((row) => row.purpose === 'Account maintenance');
  };
  const arrearsOf = (client: TestClient) =>
    context.db.selectFrom('maintenance_arrears').select(['amount_eur', 'outstanding_eur', 'settled_at']).where('client_id', '=', client.id).execute();

  /**
   * A client whose EUR account received 50 EUR last month and, this month, only what `thisMonth`
   * books on it in the same database transaction: the bank's doing, not a movement of the client's.
   */
  async function movedThisMonthOnlyByTheBank(thisMonth: (trx: Db, client: TestClient, account: ClientAccount) => Promise<void>): Promise<{ client: TestClient; eur: Account }> {
    const client = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR');
    const account = (await findOwnAccount(context.db, client.id, eur.number))!;
    await context.db.transaction().execute(async (trx) => {
      const clearing = await bankAccountId(trx, 'clearing', 'EUR');
      const lastMonth = new Date(`${monthDay(THIS_MONTH, -1, 1)}T12:00:00Z`);
      await postEntry(trx, { kind: 'incoming_payment', postings: [{ accountId: clearing, currency: 'EUR', amountMinor: -5000n }, { accountId: account.ledgerAccountId, currency: 'EUR', amountMinor: 5000n }], postedAt: lastMonth });
      await thisMonth(trx, client, account);
    });
    return { client, eur };
  }

  let paying: { client: TestClient; eur: Account };
  let idle: { client: TestClient; eur: Account };
  let dollars: { client: TestClient; eur: Account; usd: Account };
  let short: { client: TestClient; eur: Account; usd: Account };

  it('charges 30 EUR once to each client whose accounts moved last month, from EUR or its equivalent, and keeps what cannot be paid as arrears', async () => {
    const payingClient = await createSignedInClient(context);
    paying = { client: payingClient, eur: await openTestAccount(context, payingClient, 'EUR', '100.00') };
    const idleClient = await createSignedInClient(context);
    idle = { client: idleClient, eur: await openTestAccount(context, idleClient, 'EUR') };
    const dollarClient = await createSignedInClient(context);
    dollars = { client: dollarClient, eur: await openTestAccount(context, dollarClient, 'EUR'), usd: await openTestAccount(context, dollarClient, 'USD', '100.00') };
    // Money that arrived the month before, and this month only a fee of the bank's: no movement of its own.
    const feeOnly = await movedThisMonthOnlyByTheBank(async (trx, client, account) => {
      await chargeFee(trx, { clientId: client.id, account, amountMinor: 3000n, reason: 'withdrawal', actor: { type: 'client', id: client.id } });
    });
    // Money of the month before, and this month only a term deposit's interest paid by the bank: no movement of the client's.
    const interestOnly = await movedThisMonthOnlyByTheBank(async (trx, _client, account) => {
      const interestExpense = await bankAccountId(trx, 'interest_expense', 'EUR');
      await postEntry(trx, { kind: 'deposit_interest', postings: [{ accountId: interestExpense, currency: 'EUR', amountMinor: -800n }, { accountId: account.ledgerAccountId, currency: 'EUR', amountMinor: 800n }] });
    });
    const shortClient = await createSignedInClient(context);
    short = { client: shortClient, eur: await openTestAccount(context, shortClient, 'EUR', '10.00'), usd: await openTestAccount(context, shortClient, 'USD', '5.00') };

    // Two runs at once (two nodes): each client is charged once.
    const [first, second] = await Promise.all([chargeMaintenanceFees(jobs), chargeMaintenanceFees(jobs)]);
    const charged = [...first, ...second];
    expect(charged.map((charge) => charge.clientId).sort()).toEqual([paying.client.id, dollars.client.id, short.client.id].sort());
    expect(new Set(charged.map((charge) => charge.month))).toEqual(new Set([THIS_MONTH]));

    expect(await balanceOf(paying.client, paying.eur)).toBe('70.00');
    // No EUR to pay with: 30 EUR at the snapshot's 1.0823 USD is 32.469, rounded once to 32.47 USD.
    expect(await balanceOf(dollars.client, dollars.usd)).toBe('67.53');
    expect(await balanceOf(dollars.client, dollars.eur)).toBe('0.00');
    expect(await balanceOf(idle.client, idle.eur)).toBe('0.00');
    expect(await balanceOf(feeOnly.client, feeOnly.eur)).toBe('20.00');
    expect(await balanceOf(interestOnly.client, interestOnly.eur)).toBe('58.00');
    expect(await maintenanceRows(idle.client)).toEqual([]);

    // 10 EUR, then 5 USD, worth 4.6197… EUR, counted 4.61 (never more than was taken): 15.39 EUR owed, nothing below zero.
    expect(await balanceOf(short.client, short.eur)).toBe('0.00');
    expect(await balanceOf(short.client, short.usd)).toBe('0.00');
    expect(await arrearsOf(short.client)).toEqual([{ amount_eur: '15.39', outstanding_eur: '15.39', settled_at: null }]);
    expect(charged.find((charge) => charge.clientId === short.client.id)).toMatchObject({ paidEurMinor: 1461n, arrearsEurMinor: 1539n });

    const rows = await maintenanceRows(paying.client);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '30.00', currency: 'EUR', direction: 'OUT', transactionStatus: 'Approved', paymentReference: THIS_MONTH.slice(0, 7), balance: '70.00' });
    expect((await maintenanceRows(dollars.client))[0]).toMatchObject({ amount: '32.47', currency: 'USD', accountNumber: dollars.usd.number });
    expect(await maintenanceRows(short.client)).toHaveLength(2);

    const audit = await context.db.selectFrom('audit_log').select(['actor_type', 'subject_id', 'after']).where('action', '=', 'fees.maintenance').execute();
    expect(audit).toHaveLength(3);
    expect(audit.find((row) => row.subject_id === short.client.id)).toMatchObject({ actor_type: 'system', after: { month: THIS_MONTH, paidEur: '14.61', arrearsEur: '15.39' } });
  });

  it('charges nothing on a second run, nor later the same month', async () => {
    expect(await chargeMaintenanceFees(jobs)).toEqual([]);
    clock.set(`${NEXT_MONTH}T18:00:00Z`);
    expect(await chargeMaintenanceFees(jobs)).toEqual([]);
    expect(await balanceOf(paying.client, paying.eur)).toBe('70.00');
    expect(await maintenanceRows(paying.client)).toHaveLength(1);
  });

  it('collects arrears from the next credit, once, and no more than is owed', async () => {
    // Nothing to collect while the accounts are empty.
    expect(await collectArrears(jobs)).toEqual([]);
    await fundLedgerAccount(context.db, await ledgerIdOf(context, short.eur), 'EUR', '50.00');
    const [first, second] = await Promise.all([collectArrears(jobs), collectArrears(jobs)]);
    expect([...first, ...second]).toEqual([{ clientId: short.client.id, collectedEurMinor: 1539n }]);
    expect(await balanceOf(short.client, short.eur)).toBe('34.61');
    expect(await arrearsOf(short.client)).toEqual([{ amount_eur: '15.39', outstanding_eur: '0.00', settled_at: expect.any(Date) }]);
    expect(await collectArrears(jobs)).toEqual([]);
    expect(await balanceOf(short.client, short.eur)).toBe('34.61');
    expect((await maintenanceRows(short.client)).map((row) => row.amount).sort()).toEqual(['10.00', '15.39', '5.00']);
  });

  it('collects part of the arrears when the credit is smaller', async () => {
    const client = await createSignedInClient(context);
    const eur = await openTestAccount(context, client, 'EUR', '1.00');
    // A fresh client, moved last month: charge it by hand for the month the sweep has done already.
    expect(await chargeClientForMonth(context.deps.db, client.id, THIS_MONTH, jobs)).toMatchObject({ paidEurMinor: 100n, arrearsEurMinor: 2900n });
    await fundLedgerAccount(context.db, await ledgerIdOf(context, eur), 'EUR', '20.00');
    expect(await collectArrears(jobs)).toEqual([{ clientId: client.id, collectedEurMinor: 2000n }]);
    expect(await balanceOf(client, eur)).toBe('0.00');
    expect(await arrearsOf(client)).toEqual([{ amount_eur: '29.00', outstanding_eur: '9.00', settled_at: null }]);
  });

  it('converts nothing on stale rates: the EUR account pays what it can and the rest is kept as arrears, while one that can pay it whole pays', async () => {
    // Rates may be an hour old here: those loaded when the test began are older than that by the clock.
    const stale = { ...jobs, config: { ...jobs.config, time: { ...jobs.config.time, ratesMaxAgeHours: 1 } } };
    /** A new client with `eurFunds` EUR and 100.00 USD, charged this month's fee on the stale rates. */
    const chargedOnStaleRates = async (eurFunds: string) => {
      const client = await createSignedInClient(context);
      const eur = await openTestAccount(context, client, 'EUR', eurFunds);
      const usd = await openTestAccount(context, client, 'USD', '100.00');
      return { client, eur, usd, charge: await chargeClientForMonth(context.deps.db, client.id, THIS_MONTH, stale) };
    };
    const eurShort = await chargedOnStaleRates('10.00');
    expect(eurShort.charge).toMatchObject({ paidEurMinor: 1000n, arrearsEurMinor: 2000n });
    expect(await balanceOf(eurShort.client, eurShort.eur)).toBe('0.00');
    expect(await balanceOf(eurShort.client, eurShort.usd)).toBe('100.00');
    expect(await arrearsOf(eurShort.client)).toEqual([{ amount_eur: '20.00', outstanding_eur: '20.00', settled_at: null }]);

    const richer = await chargedOnStaleRates('50.00');
    expect(richer.charge).toMatchObject({ paidEurMinor: 3000n, arrearsEurMinor: 0n });
    expect(await balanceOf(richer.client, richer.eur)).toBe('20.00');
    expect(await balanceOf(richer.client, richer.usd)).toBe('100.00');
  });

  it('charges nothing the month after, when nothing moved', async () => {
    clock.set(firstOf(monthDay(NEXT_MONTH, 1, 1)));
    expect(await chargeMaintenanceFees(jobs)).toEqual([]);
    expect(await balanceOf(paying.client, paying.eur)).toBe('70.00');
  });
});

describe('the maintenance fee switched off', () => {
  it('charges nothing, and nothing later for the months it was off', async () => {
    const clock = fixedClock(firstOf(NEXT_MONTH));
    const off = await setUp(clock, false);
    try {
      const client = await createSignedInClient(off.context);
      const eur = await openTestAccount(off.context, client, 'EUR', '100.00');
      expect(await chargeMaintenanceFees(off.jobs)).toEqual([]);
      // The month the bank went into service was passed over while the fee was off.
      const months = await off.context.db.selectFrom('maintenance_months').select(sql<string>`month::text`.as('month')).select('charged').orderBy('month').execute();
      expect(months.at(-1)).toEqual({ month: THIS_MONTH, charged: false });
      // Switched on again the same month: the month it was off stays uncharged.
      const on = { ...off.jobs, config: { ...off.jobs.config, time: { ...off.jobs.config.time, maintenanceFee: true } } };
      expect(await chargeMaintenanceFees(on)).toEqual([]);
      expect((await listedAccount(off.context, client, eur.number)).balance).toBe('100.00');
    } finally {
      await closeCheckingLedger(off.context);
    }
  });
});
