// Proves that GET /api/deposit/rates answers anyone, without a token, the rate table the product
// prices from: the tariff's own table at first, and the new one as soon as a second admin approves a
// change; that the answer may be kept by a browser for a minute but not longer, and that an address
// asking too often is refused without a cacheable answer.
import { DEPOSITS, depositRatesInForceSchema, type DepositQuote, type DepositRatesInForce } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { DEPOSIT_RATE_LIMITS } from './routes';
import { clientIdentifiedAt, quoteDeposit, termsOf } from './test-support';

describe('GET /api/deposit/rates', () => {
  let context: TestContext;
  let maker: TestOperator;
  let checker: TestOperator;
  let client: TestClient;
  let accountNumber: string;

  beforeAll(async () => {
    context = await createTestContext();
    maker = await createSignedInOperator(context, ['admin']);
    checker = await createSignedInOperator(context, ['admin']);
    // Identified just now: the quote prices from the table's withoutHistory row.
    client = await clientIdentifiedAt(context, new Date().toISOString());
    accountNumber = (await openTestAccount(context, client, 'EUR', '20000.00')).number;
  });
  afterAll(() => closeCheckingLedger(context));

  async function publicRates(remoteAddress = '203.0.113.10') {
    const response = await context.app.inject({ method: 'GET', url: '/api/deposit/rates', remoteAddress });
    return { response, answer: response.statusCode === 200 ? depositRatesInForceSchema.parse(response.json()) : null };
  }

  async function quotedRate(): Promise<number> {
    const response = await quoteDeposit(context, client, termsOf(accountNumber));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DepositQuote>().rateBasisPoints;
  }

  it("answers the tariff's table without a token, cacheable for a minute", async () => {
    const { response, answer } = await publicRates();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(answer).toEqual<DepositRatesInForce>({ rates: DEPOSITS.ratesBasisPoints, since: null });
    expect(await quotedRate()).toBe(answer!.rates.withoutHistory.EUR);
  });

  it('answers the table two admins approved, the one new deposits are quoted from', async () => {
    const rates = { withHistory: { EUR: '11.75', USD: '12.5' }, withoutHistory: { EUR: '10.25', USD: '11' } };
    const proposed = await context.app.inject({
      method: 'PUT',
      url: '/api/backoffice/deposits/rates',
      headers: maker.headers,
      payload: { rates, reason: 'Central bank rate up by a quarter point' },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    // A proposal alone changes nothing the public sees.
    expect((await publicRates()).answer?.rates).toEqual(DEPOSITS.ratesBasisPoints);

    const approvalId = proposed.json<{ pending: { id: string } }>().pending.id;
    const approved = await context.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${approvalId}/approve`, headers: checker.headers });
    expect(approved.statusCode, approved.body).toBe(200);
    const version = await context.db.selectFrom('deposit_rate_versions').select(['created_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();

    const { answer } = await publicRates();
    expect(answer).toEqual<DepositRatesInForce>({
      rates: { withHistory: { EUR: 1175, USD: 1250 }, withoutHistory: { EUR: 1025, USD: 1100 } },
      since: version.created_at.toISOString(),
    });
    expect(await quotedRate()).toBe(1025);
  });

  it('limits an address, and lets nobody keep the refusal', async () => {
    const address = '203.0.113.99';
    for (let call = 0; call < DEPOSIT_RATE_LIMITS.publicRates.max; call += 1) {
      expect((await publicRates(address)).response.statusCode).toBe(200);
    }
    const refused = (await publicRates(address)).response;
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await publicRates('203.0.113.100')).response.statusCode).toBe(200);
  });
});
