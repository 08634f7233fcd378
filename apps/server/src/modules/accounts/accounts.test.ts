// Proves account opening and listing: check-digit numbers never reused, one account per currency,
// identified clients only, and a client only ever sees its own accounts.
import { isValidAccountNumber, type Account } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { revokeSession } from '../auth';
import { openTestAccount } from './test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('POST /api/account/create', () => {
  it('opens an account with a valid number and zero balances', async () => {
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR');
    expect(isValidAccountNumber(account.number)).toBe(true);
    expect(account).toMatchObject({ balance: '0.00', bookedBalance: '0.00', currency: 'EUR' });
    expect(account.key).toMatch(/^[0-9a-f-]{36}$/);
    const usdt = await openTestAccount(context, client, 'USDT');
    expect(usdt.balance).toBe('0.000000');
  });

  it('refuses a second account in the same currency with 409', async () => {
    const client = await createSignedInClient(context);
    await openTestAccount(context, client, 'USD');
    const again = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: ['USD'] } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', fields: { currencies: 'validation.currency.accountExists' } });
  });

  it('answers 400 for a missing, unknown, crypto or doubled currency', async () => {
    const client = await createSignedInClient(context);
    for (const payload of [{}, { currencies: [] }, { currencies: ['XYZ'] }, { currencies: ['BTC'] }, { currencies: ['EUR', 'USD'] }, { currencies: 'EUR' }]) {
      const response = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses clients whose identification is not approved with 403', async () => {
    for (const kycStatus of [null, 'New', 'Rejected'] as const) {
      const client = await createSignedInClient(context, { kycStatus });
      const response = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: ['EUR'] } });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('needs a token', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/account/create', payload: { currencies: ['EUR'] } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid authorization data');
  });

  it('never hands out a number twice, even after a refused attempt', async () => {
    const client = await createSignedInClient(context);
    const numbers = new Set<string>();
    for (const currency of ['GBP', 'CHF', 'PLN'] as const) {
      numbers.add((await openTestAccount(context, client, currency)).number);
      await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: [currency] } });
    }
    const all = await context.db.selectFrom('accounts').select('number').execute();
    expect(new Set(all.map((row) => row.number)).size).toBe(all.length);
    expect(numbers.size).toBe(3);
  });
});

describe('GET /api/account/list', () => {
  it('lists only the signed-in client’s accounts with available and booked balances', async () => {
    const owner = await createSignedInClient(context);
    const other = await createSignedInClient(context);
    const eur = await openTestAccount(context, owner, 'EUR', '150.25');
    await openTestAccount(context, other, 'EUR', '10.00');
    const response = await context.app.inject({ method: 'GET', url: '/api/account/list', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const accounts = response.json<Account[]>();
    expect(accounts).toEqual([{ number: eur.number, balance: '150.25', bookedBalance: '150.25', currency: 'EUR', key: eur.key }]);
  });

  it('lists a client’s accounts in the order they were opened, and refuses a revoked session at once', async () => {
    const client = await createSignedInClient(context);
    const opened = [await openTestAccount(context, client, 'USD', '1.50'), await openTestAccount(context, client, 'EUR'), await openTestAccount(context, client, 'GBP')];
    const response = await context.app.inject({ method: 'GET', url: '/api/account/list', headers: client.headers });
    expect(response.json<Account[]>().map((account) => [account.number, account.currency, account.balance])).toEqual([
      [opened[0]!.number, 'USD', '1.50'],
      [opened[1]!.number, 'EUR', '0.00'],
      [opened[2]!.number, 'GBP', '0.00'],
    ]);
    const session = await context.db.selectFrom('sessions').select('id').where('subject_id', '=', client.id).executeTakeFirstOrThrow();
    await revokeSession(context.db, session.id);
    const revoked = await context.app.inject({ method: 'GET', url: '/api/account/list', headers: client.headers });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Invalid authorization data');
  });

  it('lists nothing for a new client and needs a token', async () => {
    const client = await createSignedInClient(context, { kycStatus: null });
    const response = await context.app.inject({ method: 'GET', url: '/api/account/list', headers: client.headers });
    expect(response.json()).toEqual([]);
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/account/list' });
    expect(anonymous.statusCode).toBe(401);
  });
});
