import { isValidCryptoAddress } from '@bank/contracts/crypto/addresses';
import { CRYPTO_CURRENCIES } from '@bank/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { fundLedgerAccount } from '../ledger/test-support';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const create = (client: TestClient, payload: unknown) => context.app.inject({ method: 'POST', url: '/api/wallet/create', headers: client.headers, payload: payload as Record<string, unknown> });
const list = async (client: TestClient) => (await context.app.inject({ method: 'GET', url: '/api/wallet/list', headers: client.headers })).json<Array<{ number: string; balance: string; currency: string; key: string }>>();

describe('crypto wallets', () => {
  it('opens one wallet per coin with a valid deposit address of its network, listed like accounts', async () => {
    const client = await createSignedInClient(context);
    for (const currency of CRYPTO_CURRENCIES) {
      const answer = await create(client, { currency });
      expect(answer.statusCode, answer.body).toBe(200);
      const wallet = answer.json();
      expect(isValidCryptoAddress(currency, wallet.number), `${currency} ${wallet.number}`).toBe(true);
    }
    const wallets = await list(client);
    expect(wallets.map((wallet) => wallet.currency)).toEqual([...CRYPTO_CURRENCIES]);
    expect(wallets.find((wallet) => wallet.currency === 'ETH')!.balance).toBe('0.000000000000000000');
    expect(wallets.find((wallet) => wallet.currency === 'BTC')!.balance).toBe('0.00000000');
    // Every address is new: no two wallets share one.
    expect(new Set(wallets.map((wallet) => wallet.number)).size).toBe(CRYPTO_CURRENCIES.length);
    const again = await create(client, { currency: 'BTC' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ currency: 'validation.currency.walletExists' });
  });

  it('shows balances in full precision, and another client never sees them', async () => {
    const client = await createSignedInClient(context);
    const stranger = await createSignedInClient(context);
    const wallet = (await create(client, { currency: 'ETH' })).json();
    const row = await context.db.selectFrom('wallets').select('ledger_account_id').where('address', '=', wallet.number).executeTakeFirstOrThrow();
    await fundLedgerAccount(context.db, String(row.ledger_account_id), 'ETH', '1.000000000000000001');
    expect((await list(client))[0]).toMatchObject({ balance: '1.000000000000000001', currency: 'ETH' });
    expect(await list(stranger)).toEqual([]);
  });

  it('refuses unknown coins and unidentified clients', async () => {
    const client = await createSignedInClient(context);
    expect((await create(client, { currency: 'DOGE' })).json().fields).toEqual({ currency: 'validation.currency.unknown' });
    expect((await create(client, { currency: 'EUR' })).statusCode).toBe(400);
    const unidentified = await createSignedInClient(context, { kycStatus: null });
    expect((await create(unidentified, { currency: 'BTC' })).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/wallet/list' })).statusCode).toBe(401);
  });

  it.runIf(onPostgres)('two requests for the same coin at once open one wallet', async () => {
    const client = await createSignedInClient(context);
    const answers = await Promise.all([create(client, { currency: 'SOL' }), create(client, { currency: 'SOL' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await list(client)).toHaveLength(1);
  });
});
