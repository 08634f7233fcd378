import { blockCardRequestSchema, type BackofficeCard, type BlockCardRequest, type CardProductionRequest } from '@bank/contracts/cards/cards';

/**
 * What an operator of payments may do with a client's card in the back office
 * (docs/cards.md#the-back-office): block it for good, at once, while it is neither Blocked nor
 * Expired; and move a physical card along its production, Ordered → Produced → Shipped.
 */

export type CardAct = 'produced' | 'shipped' | 'block';

/** The longest reason a block takes (blockCardRequestSchema). */
export const CARD_BLOCK_REASON_MAX_LENGTH = blockCardRequestSchema.shape.reason.maxLength ?? 2000;

/**
 * The acts a card offers, in the order the panel shows them: its next production step (a physical
 * card Ordered → produced, Produced → shipped), then blocking it, unless it is Blocked or Expired.
 */
export function cardActsOf(card: Pick<BackofficeCard, 'type' | 'status'>): CardAct[] {
  const acts: CardAct[] = [];
  if (card.type === 'physical' && card.status === 'Ordered') acts.push('produced');
  if (card.type === 'physical' && card.status === 'Produced') acts.push('shipped');
  if (card.status !== 'Blocked' && card.status !== 'Expired') acts.push('block');
  return acts;
}

/** The call that does an act: where to POST under /api/backoffice, and what to send. */
export function cardActCall(cardId: string, act: 'block', reason: string): { path: string; body: BlockCardRequest };
export function cardActCall(cardId: string, act: 'produced' | 'shipped'): { path: string; body: CardProductionRequest };
export function cardActCall(cardId: string, act: CardAct, reason?: string): { path: string; body: BlockCardRequest | CardProductionRequest } {
  const card = `cards/${encodeURIComponent(cardId)}`;
  if (act === 'block') return { path: `${card}/block`, body: { reason: reason ?? '' } };
  return { path: `${card}/status`, body: { status: act === 'produced' ? 'Produced' : 'Shipped' } };
}
