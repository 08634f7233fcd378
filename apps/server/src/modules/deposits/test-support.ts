import { formatMinor, type Deposit, type DepositTermsPayload } from '@bank/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import type { TestContext } from '../../test/harness';
import { readBalances } from '../ledger';

/** Test helpers of the deposit tests: identified clients, the deposit calls, balances. */

/**
 * A signed-in client the bank identified at `identifiedAt` (an instant): an approved KYC form
 * decided then, as an operator's approval leaves it. Without it, a client identified with no form on record.
 */
export async function clientIdentifiedAt(context: TestContext, identifiedAt?: string): Promise<TestClient> {
  const client = await createSignedInClient(context);
  if (identifiedAt) {
    await context.db
      .insertInto('kyc_records')
      .values({ client_id: client.id, status: 'Approved', account_type: 'personal', first_name: 'Test', last_name: 'Client', decided_at: new Date(identifiedAt) })
      .execute();
  }
  return client;
}

export function termsOf(accNumberFrom: string, overrides: Partial<DepositTermsPayload> = {}): DepositTermsPayload {
  return { currency: 'EUR', accNumberFrom, amount: '10000.00', termMonths: 3, payoutMonths: 1, ...overrides };
}

/** The calls take any payload: the tests send broken ones too. */
export function quoteDeposit(context: TestContext, client: TestClient, terms: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const query = Object.fromEntries(Object.entries(terms).map(([key, value]) => [key, String(value)]));
  return context.app.inject({ method: 'GET', url: '/api/deposit/quote', headers: client.headers, query });
}

export function createDeposit(context: TestContext, client: TestClient, terms: Record<string, unknown>, idempotencyKey?: string): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url: '/api/deposit/create',
    headers: { ...client.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: terms,
  });
}

export async function openedDeposit(context: TestContext, client: TestClient, terms: DepositTermsPayload): Promise<Deposit> {
  const response = await createDeposit(context, client, terms);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Deposit>();
}

export async function listDeposits(context: TestContext, client: TestClient): Promise<Deposit[]> {
  const response = await context.app.inject({ method: 'GET', url: '/api/deposit/list', headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ deposits: Deposit[] }>().deposits;
}

/** The booked balances of a deposit's own ledger account and of the account that funded it, as decimals. */
export async function ledgerBalancesOf(context: TestContext, depositId: string): Promise<{ deposit: string; account: string }> {
  const row = await context.db
    .selectFrom('deposits as d')
    .innerJoin('accounts as a', 'a.id', 'd.account_id')
    .select(['d.ledger_account_id as deposit', 'a.ledger_account_id as account', 'd.currency'])
    .where('d.id', '=', depositId)
    .executeTakeFirstOrThrow();
  const balances = await readBalances(context.db, [String(row.deposit), String(row.account)]);
  const decimal = (id: string) => formatMinor(balances.get(id)!.bookedMinor, row.currency);
  return { deposit: decimal(String(row.deposit)), account: decimal(String(row.account)) };
}

/**
 * Dates at the test clock's instant `at` what the app has booked for deposits since the clock last
 * moved: payouts' paid_at and returns' closed_at. The database stamps them with its own time, which
 * is after the tests' clock (set in early 2026); a bank runs on one clock, and the liability report
 * reads these instants, so the tests put them where that bank would have them. Call it after each
 * step, the clock only moving forward.
 */
export async function stampDepositBookingsAt(context: TestContext, at: string): Promise<void> {
  const instant = new Date(at);
  await context.db.updateTable('deposit_payouts').set({ paid_at: instant }).where('paid_at', '>', instant).execute();
  await context.db.updateTable('deposits').set({ closed_at: instant }).where('closed_at', '>', instant).execute();
}
