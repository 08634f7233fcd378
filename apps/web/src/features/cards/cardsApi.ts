// Contracts are imported by file, for their types: the chunk carries only the schemas the forms use.
import type {
  ActivateCardRequest,
  Card,
  CardLimitsRequest,
  ListCardsResponse,
  OrderCardPayload,
  OrderCardResponse,
  ReplaceCardRequest,
  RevealCardRequest,
  RevealedCard,
} from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';
import { ApiError, apiRequest } from '../../lib/api';
import { submitWithKey, type KeyedSubmission, type SubmissionKeys } from '../../lib/submitTransaction';

/** GET /api/cards: the client's cards, newest first, with masked numbers only. */
export async function fetchCards(token: string): Promise<Card[]> {
  const answer = await apiRequest<ListCardsResponse>('GET', 'cards', { token });
  return answer.cards;
}

/**
 * POST /api/cards with the form's key: it charges the issue fee, so a resent order whose answer was
 * lost issues one card and charges once.
 */
export function orderCard(token: string | null, order: OrderCardPayload, keys: SubmissionKeys): Promise<KeyedSubmission<OrderCardResponse>> {
  return submitWithKey<OrderCardResponse>('cards', order, token, keys);
}

/**
 * POST /api/cards/:id/reveal: the full number, expiry and CVC behind the step-up. The answer is
 * handed to the one component that shows it, and never kept in the store or the browser's storage.
 */
export function revealCard(token: string | null, cardId: string, request: RevealCardRequest): Promise<RevealedCard> {
  return apiRequest<RevealedCard>('POST', `cards/${encodeURIComponent(cardId)}/reveal`, { token, body: request });
}

/** The end of a change to a card: the card as it now stands, or why not (no answer at all is status 0). */
export type CardChange = { ok: true; card: Card } | { ok: false; status: number; body: ErrorBody | null };

async function change(method: 'POST' | 'PATCH', path: string, token: string | null, body: unknown): Promise<CardChange> {
  try {
    return { ok: true, card: await apiRequest<Card>(method, path, { token, body }) };
  } catch (error) {
    return error instanceof ApiError ? { ok: false, status: error.status, body: error.body } : { ok: false, status: 0, body: null };
  }
}

const cardPath = (cardId: string, action: string) => `cards/${encodeURIComponent(cardId)}/${action}`;

/** POST /api/cards/:id/freeze or /unfreeze: Active ⇄ Frozen; any other status is a 409 'cardStatus'. */
export function moveCard(token: string | null, cardId: string, move: 'freeze' | 'unfreeze'): Promise<CardChange> {
  return change('POST', cardPath(cardId, move), token, {});
}

/** PATCH /api/cards/:id/limits: the limits sent; the others stay. */
export function setCardLimits(token: string | null, cardId: string, limits: CardLimitsRequest): Promise<CardChange> {
  return change('PATCH', cardPath(cardId, 'limits'), token, limits);
}

/** POST /api/cards/:id/replace: the card is Blocked at once; the answer is the new card. */
export function replaceCard(token: string | null, cardId: string, request: ReplaceCardRequest): Promise<CardChange> {
  return change('POST', cardPath(cardId, 'replace'), token, request);
}

/** POST /api/cards/:id/activate: a physical card that has arrived, by the last four digits on it. */
export function activateCard(token: string | null, cardId: string, request: ActivateCardRequest): Promise<CardChange> {
  return change('POST', cardPath(cardId, 'activate'), token, request);
}
