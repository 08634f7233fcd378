import type { CryptoCurrency } from '@bank/contracts';
import type { CryptoTransactionsResponse } from '@bank/contracts/crypto/crypto-transactions';
import type { Wallet } from '@bank/contracts/crypto/wallets';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestClient } from '../../test/clients';
import type { TestContext } from '../../test/harness';
import { fundLedgerAccount } from '../ledger/test-support';

/** Opens a wallet through the API and, when asked, funds it from outside the bank. */
export async function openTestWallet(context: TestContext, client: TestClient, currency: CryptoCurrency, fund?: string): Promise<Wallet> {
  const response = await context.app.inject({ method: 'POST', url: '/api/wallet/create', headers: client.headers, payload: { currency } });
  expect(response.statusCode, response.body).toBe(200);
  const wallet = response.json<Wallet>();
  if (fund) {
    const row = await context.db.selectFrom('wallets').select('ledger_account_id').where('address', '=', wallet.number).executeTakeFirstOrThrow();
    await fundLedgerAccount(context.db, String(row.ledger_account_id), currency, fund);
  }
  return wallet;
}

/** The client's wallet as the API lists it now. */
export async function listedWallet(context: TestContext, client: TestClient, address: string): Promise<Wallet> {
  const wallets = (await context.app.inject({ method: 'GET', url: '/api/wallet/list', headers: client.headers })).json<Wallet[]>();
  const wallet = wallets.find((item) => item.number === address);
  if (!wallet) throw new Error(`Wallet ${address} is not listed`);
  return wallet;
}

/** POST /api/crypto-transaction/create with a fresh Idempotency-Key unless one is given. */
export function sendCrypto(context: TestContext, client: TestClient, payload: Record<string, unknown>, key: string = randomUUID()) {
  return context.app.inject({
    method: 'POST',
    url: '/api/crypto-transaction/create',
    headers: { ...client.headers, 'idempotency-key': key },
    payload: { type: 'crypto', ...payload },
  });
}

export async function cryptoList(context: TestContext, client: TestClient, query = ''): Promise<CryptoTransactionsResponse> {
  const response = await context.app.inject({ method: 'GET', url: `/api/crypto-transaction/list${query ? `?${query}` : ''}`, headers: client.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CryptoTransactionsResponse>();
}
