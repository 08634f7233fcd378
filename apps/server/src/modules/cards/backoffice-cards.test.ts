// Proves what the back office shows of a client's cards (docs/cards.md#the-back-office): to operators
// of payments only, each card masked with its latest authorisations, newest first, approved and
// declined (with why), the merchant, and what was held in USD; the latest 50 at most; and never the
// full number.
import { randomUUID } from 'node:crypto';
import type { Card, ClientCardsResponse } from '@bank/contracts/cards/cards';
import type { AuthorizationResponse } from '@bank/contracts/cards/network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';
import { openTestAccount } from '../accounts/test-support';
import { closeCheckingLedger } from '../ledger/test-context';
import { orderTestCard, sendToCardNetwork } from './test-support';

describe('a client\'s cards in the back office', () => {
  let context: TestContext;
  let client: TestClient;
  let card: Card;
  let pan: string;
  let cvc: string;
  beforeAll(async () => {
    context = await createTestContext();
    client = await createSignedInClient(context, { firstName: 'Aigerim' });
    const usd = (await openTestAccount(context, client, 'USD', '500.00')).number;
    // The card's fee is paid from the EUR account.
    await openTestAccount(context, client, 'EUR', '300.00');
    ({ card, pan, cvc } = await orderTestCard(context, client, usd));
  });
  afterAll(() => closeCheckingLedger(context));

  const authorize = async (amount: string, currency: string, merchant: { name: string; mcc: string; country: string; city: string }) => {
    const answer = await sendToCardNetwork(context, 'authorizations', { messageId: randomUUID(), pan, expiry: card.expiry, cvc, amount, currency, merchant, channel: 'pos' });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AuthorizationResponse>();
  };
  const cardsAs = (headers: Record<string, string>) => context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${client.id}/cards`, headers });

  it('shows operators of payments each card masked with its authorisations, newest first, the declines with why, and never the number', async () => {
    const approved = await authorize('42.50', 'EUR', { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' });
    if (!approved.approved) throw new Error(JSON.stringify(approved));
    expect(await authorize('900.00', 'USD', { name: 'Technodom', mcc: '5732', country: 'KZ', city: 'Almaty' })).toEqual({ approved: false, reason: 'insufficient_funds' });

    const compliance = await createSignedInOperator(context, ['compliance']);
    expect((await cardsAs(compliance.headers)).statusCode).toBe(403);

    const payments = await createSignedInOperator(context, ['payments']);
    const listed = await cardsAs(payments.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain(pan);
    const [shown] = listed.json<ClientCardsResponse>().cards;
    expect(shown).toMatchObject({ id: card.id, maskedNumber: `•••• ${card.last4}`, status: 'Active', blockedReason: null });
    expect(shown!.authorizations).toEqual([
      {
        id: expect.any(String),
        status: 'Declined',
        declineReason: 'insufficient_funds',
        amount: '900.00',
        currency: 'USD',
        heldUsd: null,
        clearedUsd: null,
        rate: null,
        merchant: { name: 'Technodom', mcc: '5732', country: 'KZ', city: 'Almaty' },
        channel: 'pos',
        createdAt: expect.any(String),
        closedAt: null,
      },
      {
        id: approved.authorizationId,
        status: 'Pending',
        declineReason: null,
        amount: '42.50',
        currency: 'EUR',
        heldUsd: approved.amount,
        clearedUsd: null,
        rate: expect.stringMatching(/^\d+(\.\d+)?$/),
        merchant: { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' },
        channel: 'pos',
        createdAt: expect.any(String),
        closedAt: null,
      },
    ]);
    expect(Date.parse(shown!.authorizations[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(shown!.authorizations[1]!.createdAt));

    // An administrator opens the payments area too.
    const admin = await createSignedInOperator(context, ['admin']);
    expect((await cardsAs(admin.headers)).statusCode).toBe(200);
  });

  it('shows the latest 50 authorisations of a card, newest first', async () => {
    const base = { card_id: card.id, client_id: client.id, status: 'Declined' as const, decline_reason: 'wrong_cvc' as const, amount: '1.00', currency: 'USD' };
    const merchant = { merchant_name: 'Old shop', merchant_mcc: '5411', merchant_country: 'US', merchant_city: 'Boston', channel: 'online' as const };
    await context.db
      .insertInto('card_authorizations')
      .values(Array.from({ length: 60 }, (_, index) => ({ ...base, ...merchant, id: randomUUID(), message_id: randomUUID(), created_at: new Date(Date.UTC(2024, 0, 1, 0, index)) })))
      .execute();
    const payments = await createSignedInOperator(context, ['payments']);
    const listed = await cardsAs(payments.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    const { authorizations } = listed.json<ClientCardsResponse>().cards[0]!;
    expect(authorizations).toHaveLength(50);
    expect(authorizations.slice(0, 2).map((authorization) => authorization.merchant.name)).toEqual(['Technodom', 'Café Central']);
    // The oldest of those shown is the 48th newest of the 60 older ones: 12 of them are left out.
    expect(authorizations.at(-1)!.createdAt).toBe(new Date(Date.UTC(2024, 0, 1, 0, 12)).toISOString());
    expect(listed.body).not.toContain(pan);
  });
});
