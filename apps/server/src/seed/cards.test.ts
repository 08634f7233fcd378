// Proves the demo card (README.md#trying-a-card-payment): the demo personal client has one Active
// virtual card on its USD account, issued with no fee; it reveals the number with the demo password,
// and the card network approves a payment with it. Its audit row names the last four digits only.
import { signCardNetworkMessage, type AuthorizationResponse } from '@bank/contracts/cards/network';
import type { Account } from '@bank/contracts';
import type { ListCardsResponse, RevealedCard } from '@bank/contracts/cards/cards';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '.';
import { createTestContext, type TestContext } from '../test/harness';
import { createSession } from '../modules/auth';
import { closeCheckingLedger } from '../modules/ledger/test-context';

let context: TestContext;
let headers: { authorization: string };
beforeAll(async () => {
  context = await createTestContext();
  await seedDemoData(context.deps);
  const demo = await context.db.selectFrom('clients').select('id').where('email', '=', 'demo@bank.example').executeTakeFirstOrThrow();
  headers = { authorization: `Bearer ${await createSession(context.db, context.config.secret, 'client', demo.id)}` };
});
afterAll(() => closeCheckingLedger(context));

describe('the demo card', () => {
  it('is the demo client’s Active virtual card on its USD account, issued free, that pays', async () => {
    const accounts = (await context.app.inject({ method: 'GET', url: '/api/account/list', headers })).json<Account[]>();
    const usd = accounts.find((account) => account.currency === 'USD')!;
    const { cards } = (await context.app.inject({ method: 'GET', url: '/api/cards', headers })).json<ListCardsResponse>();
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({ type: 'virtual', status: 'Active', currency: 'USD', accountNumber: usd.number });
    // No fee: no client ordered it.
    expect(await context.db.selectFrom('statement_rows').select('id').where('description', 'in', ['Virtual card issue', 'Physical card issue']).execute()).toEqual([]);
    const audited = await context.db.selectFrom('audit_log').select(['actor_type', 'after']).where('action', '=', 'card.issued').execute();
    expect(audited).toEqual([{ actor_type: 'system', after: { type: 'virtual', status: 'Active', last4: card!.last4, account: usd.number, demo: true } }]);

    // Cards → Show details, with the demo password.
    const revealed = await context.app.inject({ method: 'POST', url: `/api/cards/${card!.id}/reveal`, headers, payload: { password: 'DemoBank2024' } });
    expect(revealed.statusCode, revealed.body).toBe(200);
    const details = revealed.json<RevealedCard>();
    expect(details.number.slice(-4)).toBe(card!.last4);

    const body = JSON.stringify({
      messageId: randomUUID(),
      pan: details.number,
      expiry: details.expiry,
      cvc: details.cvc,
      amount: '12.50',
      currency: 'USD',
      merchant: { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' },
      channel: 'pos',
    });
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/card-network/authorizations',
      headers: { 'content-type': 'application/json', ...signCardNetworkMessage(context.config.cards.networkSecret, body) },
      payload: body,
    });
    expect(answer.json<AuthorizationResponse>()).toMatchObject({ approved: true, amount: '12.50', currency: 'USD' });
  });
});
