import { randomUUID } from 'node:crypto';
import type { Card, OrderCardResponse, RevealedCard } from '@bank/contracts/cards/cards';
import { signCardNetworkMessage, type Merchant } from '@bank/contracts/cards/network';
import { expect } from 'vitest';
import type { TestClient } from '../../test/clients';
import type { TestContext } from '../../test/harness';

/** A card its holder ordered and read: the list's card, and the number, expiry and CVC the reveal shows. */
export interface TestCard {
  card: Card;
  pan: string;
  expiry: string;
  cvc: string;
}

/** The merchant most tests pay: a café, a restaurant's category (its clearing may carry a tip). */
export const CAFE_CENTRAL: Merchant = { name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' };

/**
 * Orders a virtual card on the client's USD account as the cabinet does (its fee charged as the bank
 * charges it), and reads its details as the holder does, through the reveal with the password.
 */
export async function orderTestCard(context: TestContext, client: TestClient, usdAccount: string): Promise<TestCard> {
  const ordered = await context.app.inject({ method: 'POST', url: '/api/cards', headers: { ...client.headers, 'idempotency-key': randomUUID() }, payload: { type: 'virtual', accountNumber: usdAccount } });
  expect(ordered.statusCode, ordered.body).toBe(200);
  const { card } = ordered.json<OrderCardResponse>();
  const revealed = await context.app.inject({ method: 'POST', url: `/api/cards/${card.id}/reveal`, headers: client.headers, payload: { password: client.password } });
  expect(revealed.statusCode, revealed.body).toBe(200);
  const { number, expiry, cvc } = revealed.json<RevealedCard>();
  return { card, pan: number, expiry, cvc };
}

/** Sends a card network message signed with the bank's secret now (or with `headers` given instead); answers the reply. */
export function sendToCardNetwork(context: TestContext, path: 'authorizations' | 'clearings' | 'reversals' | 'refunds', message: object, headers?: Record<string, string>) {
  const body = JSON.stringify(message);
  return context.app.inject({
    method: 'POST',
    url: `/api/card-network/${path}`,
    headers: { 'content-type': 'application/json', ...(headers ?? signCardNetworkMessage(context.deps.config.cards.networkSecret, body)) },
    payload: body,
  });
}
