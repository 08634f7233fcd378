import type { Account, FiatCurrency } from '@bank/contracts';
import { expect } from 'vitest';
import type { TestContext } from '../../test/harness';
import type { TestClient } from '../../test/clients';
import { fundLedgerAccount } from '../ledger/test-support';

/** Opens an account through the API and, when asked, funds it from outside the bank. */
export async function openTestAccount(context: TestContext, client: TestClient, currency: FiatCurrency, fund?: string): Promise<Account> {
  const response = await context.app.inject({ method: 'POST', url: '/api/account/create', headers: client.headers, payload: { currencies: [currency] } });
  expect(response.statusCode, response.body).toBe(200);
  const account = response.json<Account>();
  if (fund) {
    const row = await context.db.selectFrom('accounts').select('ledger_account_id').where('number', '=', account.number).executeTakeFirstOrThrow();
    await fundLedgerAccount(context.db, String(row.ledger_account_id), currency, fund);
  }
  return account;
}

/** The client's account as the API lists it now. */
export async function listedAccount(context: TestContext, client: TestClient, number: string): Promise<Account> {
  const response = await context.app.inject({ method: 'GET', url: '/api/account/list', headers: client.headers });
  const account = response.json<Account[]>().find((item) => item.number === number);
  if (!account) throw new Error(`Account ${number} is not listed`);
  return account;
}
