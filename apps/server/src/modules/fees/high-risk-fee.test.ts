// Proves the high-risk service fee (docs/product.md#tariffs-and-limits, docs/bank-controls.md#high-risk-clients),
// with the bank's clock held still on the first of a month: the monthly job charges it once per month
// (a second run charges nothing) to each client high-risk when it charges, and not to a standard one,
// as its own statement row "High-risk client service"; a short balance pays what it has and the rest
// is kept as arrears that the next credit pays, as the maintenance fee's; a client back to standard
// is not charged; and a new amount is only proposed (202) until a second admin approves it.
import type { Account, TransactionRecord } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, jobContextOf, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { listedAccount, openTestAccount } from '../accounts/test-support';
import { bankDateOf, fixedClock, monthDay, type JobContext } from '../jobs';
import { closeCheckingLedger } from '../ledger/test-context';
import { fundLedgerAccount } from '../ledger/test-support';
import { collectArrears } from './arrears';
import { chargeMaintenanceFees } from './maintenance';

const THIS_MONTH = `${bankDateOf(new Date(), 'UTC').slice(0, 7)}-01`;
const NEXT_MONTH = monthDay(THIS_MONTH, 1, 1);
const firstOf = (month: string) => `${month}T00:30:00Z`;

describe('the monthly high-risk service fee', () => {
  const clock = fixedClock(firstOf(NEXT_MONTH));
  let context: TestContext;
  let jobs: JobContext;
  let compliance: TestOperator;
  let secondCompliance: TestOperator;
  let admin: TestOperator;
  let secondAdmin: TestOperator;
  beforeAll(async () => {
    const { time } = loadConfig({ NODE_ENV: 'test' });
    context = await createTestContext({ time: { ...time, maintenanceFee: true, ratesMaxAgeHours: 24 * 70 } }, { clock });
    jobs = jobContextOf(context, clock);
    compliance = await createSignedInOperator(context, ['compliance']);
    secondCompliance = await createSignedInOperator(context, ['compliance']);
    admin = await createSignedInOperator(context, ['admin']);
    secondAdmin = await createSignedInOperator(context, ['admin']);
  });
  afterAll(() => closeCheckingLedger(context));

  const asOperator = (operator: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
  const balanceOf = async (client: TestClient, account: Account) => (await listedAccount(context, client, account.number)).balance;
  const highRiskRows = async (client: TestClient) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/transaction/list', headers: client.headers });
    return response.json<TransactionRecord[]>().filter((row) => row.purpose === 'High-risk client service');
  };
  async function setRisk(client: TestClient, level: 'high' | 'standard'): Promise<void> {
    const proposed = await asOperator(compliance, 'POST', `clients/${client.id}/risk`, { level, reason: 'Compliance review' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await asOperator(secondCompliance, 'POST', `approvals/${proposed.json().approval.id}/approve`, {})).statusCode).toBe(200);
  }

  let risky: { client: TestClient; eur: Account };
  let standard: { client: TestClient; eur: Account };
  let short: { client: TestClient; eur: Account };

  it('is charged once to each high-risk client, and not to a standard one, as its own statement row', async () => {
    const riskyClient = await createSignedInClient(context);
    risky = { client: riskyClient, eur: await openTestAccount(context, riskyClient, 'EUR', '500.00') };
    const standardClient = await createSignedInClient(context);
    standard = { client: standardClient, eur: await openTestAccount(context, standardClient, 'EUR', '500.00') };
    const shortClient = await createSignedInClient(context);
    short = { client: shortClient, eur: await openTestAccount(context, shortClient, 'EUR', '40.00') };
    await setRisk(risky.client, 'high');
    await setRisk(short.client, 'high');

    // Two runs at once (two nodes): each fee is charged once.
    const [first, second] = await Promise.all([chargeMaintenanceFees(jobs), chargeMaintenanceFees(jobs)]);
    const highRisk = [...first, ...second].filter((charge) => charge.fee === 'highRisk');
    expect(highRisk.map((charge) => charge.clientId).sort()).toEqual([risky.client.id, short.client.id].sort());
    expect(highRisk.find((charge) => charge.clientId === risky.client.id)).toMatchObject({ month: THIS_MONTH, paidEurMinor: 10000n, arrearsEurMinor: 0n });

    // Maintenance (30) and the tariff's default high-risk fee (100).
    expect(await balanceOf(risky.client, risky.eur)).toBe('370.00');
    expect(await balanceOf(standard.client, standard.eur)).toBe('470.00');
    expect(await highRiskRows(standard.client)).toEqual([]);
    const rows = await highRiskRows(risky.client);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '100.00', currency: 'EUR', direction: 'OUT', transactionStatus: 'Approved', paymentReference: THIS_MONTH.slice(0, 7) });

    // 40 EUR: the maintenance fee first, then 10 of the 100; 90 kept as arrears, never below zero.
    expect(await balanceOf(short.client, short.eur)).toBe('0.00');
    expect(highRisk.find((charge) => charge.clientId === short.client.id)).toMatchObject({ paidEurMinor: 1000n, arrearsEurMinor: 9000n });
    const arrears = await context.db.selectFrom('high_risk_arrears').select(['amount_eur', 'outstanding_eur']).where('client_id', '=', short.client.id).execute();
    expect(arrears).toEqual([{ amount_eur: '90.00', outstanding_eur: '90.00' }]);

    const audit = await context.db.selectFrom('audit_log').select(['subject_id', 'after']).where('action', '=', 'fees.highRisk').execute();
    expect(audit).toHaveLength(2);
    expect(audit.find((row) => row.subject_id === risky.client.id)).toMatchObject({ after: { month: THIS_MONTH, feeEur: '100.00', paidEur: '100.00', arrearsEur: '0.00' } });
  });

  it('charges nothing on a second run the same month', async () => {
    expect(await chargeMaintenanceFees(jobs)).toEqual([]);
    expect(await balanceOf(risky.client, risky.eur)).toBe('370.00');
    expect(await highRiskRows(risky.client)).toHaveLength(1);
  });

  it('keeps what could not be paid as arrears, collected from the next credit once', async () => {
    const ledger = await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', short.eur.number).executeTakeFirstOrThrow();
    await fundLedgerAccount(context.db, String(ledger.ledger_account_id), 'EUR', '200.00');
    const [first, second] = await Promise.all([collectArrears(jobs), collectArrears(jobs)]);
    expect([...first, ...second]).toEqual([{ clientId: short.client.id, collectedEurMinor: 9000n }]);
    expect(await balanceOf(short.client, short.eur)).toBe('110.00');
    expect(await collectArrears(jobs)).toEqual([]);
    expect((await highRiskRows(short.client)).map((row) => row.amount).sort()).toEqual(['10.00', '90.00']);
    const arrears = await context.db.selectFrom('high_risk_arrears').select(['outstanding_eur', 'settled_at']).where('client_id', '=', short.client.id).execute();
    expect(arrears).toEqual([{ outstanding_eur: '0.00', settled_at: expect.any(Date) }]);
  });

  it('changes its amount only when a second admin approves, and charges the new amount only to clients high-risk then', async () => {
    expect((await asOperator(compliance, 'PUT', 'fees/high-risk', { amount: '120', reason: 'Tariff review' })).statusCode).toBe(403);
    const invalid = await asOperator(admin, 'PUT', 'fees/high-risk', { amount: '-5', reason: 'Tariff review' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ amount: 'validation.highRiskFee.invalid' });
    expect((await asOperator(admin, 'PUT', 'fees/high-risk', { amount: '100.00', reason: 'Same' })).json().details.reason).toBe('feeUnchanged');

    const proposed = await asOperator(admin, 'PUT', 'fees/high-risk', { amount: '120', reason: 'Tariff review' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ amount: '100.00', currency: 'EUR', versionId: null, pending: { kind: 'highRiskFee', payload: { amount: '120.00', previous: '100.00' } } });
    const approvalId = proposed.json().pending.id;
    expect((await asOperator(secondAdmin, 'GET', 'fees/high-risk')).json().amount).toBe('100.00');
    expect((await asOperator(admin, 'POST', `approvals/${approvalId}/approve`, {})).statusCode).toBe(403);
    expect((await asOperator(compliance, 'POST', `approvals/${approvalId}/approve`, {})).statusCode).toBe(404);
    expect((await asOperator(secondAdmin, 'POST', `approvals/${approvalId}/approve`, {})).statusCode).toBe(200);
    const inForce = (await asOperator(admin, 'GET', 'fees/high-risk')).json();
    expect(inForce).toMatchObject({ amount: '120.00', pending: null });
    expect(inForce.versionId).not.toBeNull();

    // The short client is standard again before the next month's run: only the risky one pays, the new amount.
    await setRisk(short.client, 'standard');
    clock.set(firstOf(monthDay(NEXT_MONTH, 1, 1)));
    const charged = await chargeMaintenanceFees(jobs);
    expect(charged.filter((charge) => charge.fee === 'highRisk')).toEqual([
      { fee: 'highRisk', clientId: risky.client.id, month: NEXT_MONTH, paidEurMinor: 12000n, arrearsEurMinor: 0n },
    ]);
    expect(await balanceOf(risky.client, risky.eur)).toBe('250.00');
    expect(await balanceOf(short.client, short.eur)).toBe('110.00');
    expect((await highRiskRows(risky.client)).map((row) => row.amount).sort()).toEqual(['100.00', '120.00']);
  });
});
