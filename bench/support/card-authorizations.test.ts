import { authorizationRequestSchema, cardNetworkSignature, CARD_NETWORK_SIGNATURE_HEADER, CARD_NETWORK_TIMESTAMP_HEADER } from '@bank/contracts/cards/network';
import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { authorizationBody, authorizationRequests, emptyOutcomes, type CardNetworkFile } from './card-authorizations';

const file: CardNetworkFile = {
  secret: 'a-bench-secret-of-at-least-thirty-two-characters',
  cards: [
    { pan: '5100000000000008', expiry: '12/31' },
    { pan: '5100000000000016', expiry: '01/30' },
  ],
};

describe("bench:cards' authorisations", () => {
  it('are messages the network schema takes, each with its own id, a small amount and one of the cards', () => {
    const bodies = Array.from({ length: 500 }, () => authorizationBody(file.cards));
    for (const body of bodies) {
      expect(authorizationRequestSchema.safeParse(body).success).toBe(true);
      expect(file.cards).toContainEqual({ pan: body.pan, expiry: body.expiry });
      expect(body.cvc).toBeUndefined();
      const amount = Number(body.amount);
      expect(amount).toBeGreaterThanOrEqual(0.01);
      expect(amount).toBeLessThanOrEqual(5);
    }
    expect(new Set(bodies.map((body) => body.messageId)).size).toBe(bodies.length);
    expect(new Set(bodies.map((body) => body.currency))).toEqual(new Set(['USD', 'EUR']));
  });

  it('are signed over their raw body when they are sent, and their answers tallied', () => {
    const outcomes = emptyOutcomes();
    const [request] = authorizationRequests(file, outcomes);
    const setup = request!.setupRequest as (request: autocannon.Request, context: object) => autocannon.Request & { headers: Record<string, string>; body: string };
    const sent = setup({ method: 'POST' }, {});
    const timestamp = sent.headers[CARD_NETWORK_TIMESTAMP_HEADER]!;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(sent.headers[CARD_NETWORK_SIGNATURE_HEADER]).toBe(cardNetworkSignature(file.secret, timestamp, sent.body));
    expect(sent.headers['content-type']).toBe('application/json');

    const answer = request!.onResponse as (status: number, body: string) => void;
    answer(200, JSON.stringify({ approved: true, authorizationId: 'a1', amount: '1.20', currency: 'USD' }));
    answer(200, JSON.stringify({ approved: false, reason: 'insufficient_funds' }));
    answer(401, '{"error":"INVALID_AUTHORIZATION"}');
    expect(outcomes).toEqual({ approved: [{ id: 'a1', amount: '1.20' }], declined: { insufficient_funds: 1 }, failed: { 401: 1 }, failedSamples: ['401 {"error":"INVALID_AUTHORIZATION"}'] });
  });
});
