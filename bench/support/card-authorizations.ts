// bench:cards' load as the card network sends it: authorisations of small amounts with random cards
// of the bank, each with a messageId of its own and signed when it is sent, as a processor signs
// (packages/contracts/src/cards/network.ts). Used inside the load generator's process (load.ts):
// it imports nothing of the server.
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { signCardNetworkMessage, type AuthorizationRequest, type Merchant } from '@bank/contracts/cards/network';
import { pick } from './transfers';

/** A card as the network knows it: its full number and its expiry as printed (MM/YY). */
export interface BenchCard {
  pan: string;
  expiry: string;
}

/** What the load generator reads: the network's shared secret and the cards to pay with. */
export interface CardNetworkFile {
  secret: string;
  cards: BenchCard[];
}

/** What the network was answered, written by the load generator for the bench's checks. */
export interface AuthorizationOutcomes {
  /** The authorizationId of every approval answered 200, with the USD it held. */
  approved: { id: string; amount: string }[];
  /** Declines answered 200, by reason. */
  declined: Record<string, number>;
  /** Answers other than 200, by status, with the first few bodies. */
  failed: Record<string, number>;
  failedSamples: string[];
}

/** Shops of a few kinds and countries; none of them is blocked on a card issued with the defaults. */
const MERCHANTS: readonly Merchant[] = [
  { name: 'Corner Coffee', mcc: '5814', country: 'US', city: 'New York' },
  { name: 'Book Depot', mcc: '5942', country: 'US', city: 'Chicago' },
  { name: 'Metro Grocery', mcc: '5411', country: 'US', city: 'Austin' },
  { name: 'Cloud Storage Inc', mcc: '4816', country: 'US', city: 'Seattle' },
  { name: 'Café de la Gare', mcc: '5812', country: 'FR', city: 'Lyon' },
  { name: 'Bäckerei Sonne', mcc: '5462', country: 'DE', city: 'Berlin' },
];

/** How often a payment is in EUR (converted at the day's offered rate) rather than USD. */
const EUR_SHARE = 0.2;

/** 0.01 to 5.00, so that no card's account nor monthly limit runs out in a run. */
function smallAmount(): string {
  const cents = 1 + Math.floor(Math.random() * 500);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** One authorisation of a random card, with no CVC (it is optional: a card-on-file payment). */
export function authorizationBody(cards: readonly BenchCard[]): AuthorizationRequest {
  const card = pick(cards);
  const eur = Math.random() < EUR_SHARE;
  const merchant = pick(eur ? MERCHANTS.filter((shop) => shop.country !== 'US') : MERCHANTS.filter((shop) => shop.country === 'US'));
  return {
    messageId: randomUUID(),
    pan: card.pan,
    expiry: card.expiry,
    amount: smallAmount(),
    currency: eur ? 'EUR' : 'USD',
    merchant,
    channel: Math.random() < 0.5 ? 'online' : 'pos',
  };
}

export function emptyOutcomes(): AuthorizationOutcomes {
  return { approved: [], declined: {}, failed: {}, failedSamples: [] };
}

/** Authorisations of random cards, each signed at send time; what each was answered goes to `outcomes`. */
export function authorizationRequests(file: CardNetworkFile, outcomes: AuthorizationOutcomes): autocannon.Request[] {
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const body = JSON.stringify(authorizationBody(file.cards));
        return { ...request, method: 'POST', headers: { 'content-type': 'application/json', ...signCardNetworkMessage(file.secret, body) }, body };
      },
      onResponse: (status, body) => {
        if (status !== 200) {
          outcomes.failed[status] = (outcomes.failed[status] ?? 0) + 1;
          if (outcomes.failedSamples.length < 5) outcomes.failedSamples.push(`${status} ${body.slice(0, 300)}`);
          return;
        }
        const answer = JSON.parse(body) as { approved: true; authorizationId: string; amount: string } | { approved: false; reason: string };
        if (answer.approved) outcomes.approved.push({ id: answer.authorizationId, amount: answer.amount });
        else outcomes.declined[answer.reason] = (outcomes.declined[answer.reason] ?? 0) + 1;
      },
    },
  ];
}
