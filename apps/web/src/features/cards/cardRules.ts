import type { Card, CardStatus } from '@bank/contracts/cards/cards';
import type { ErrorBody } from '@bank/contracts/errors';

/**
 * What the holder may do with a card in each status (docs/cards.md), so the screen offers only what
 * the bank accepts: freezing an Active card and unfreezing a Frozen one, limits until the card is
 * Blocked or Expired, replacing any card not yet Blocked, activating a physical card that is made
 * (Produced) or on its way (Shipped), and seeing the details of any card still in use.
 */
export interface CardActions {
  reveal: boolean;
  freeze: boolean;
  unfreeze: boolean;
  limits: boolean;
  replace: boolean;
  activate: boolean;
}

/** Statuses of a card that can no longer pay: it is kept in the list only as a record. */
const ENDED: readonly CardStatus[] = ['Blocked', 'Expired'];

export function cardActions(card: Pick<Card, 'type' | 'status'>): CardActions {
  const ended = ENDED.includes(card.status);
  return {
    reveal: !ended,
    freeze: card.status === 'Active',
    unfreeze: card.status === 'Frozen',
    limits: !ended,
    replace: card.status !== 'Blocked',
    activate: card.type === 'physical' && (card.status === 'Produced' || card.status === 'Shipped'),
  };
}

/** Whether the card can no longer pay (Blocked or Expired): its tile is drawn faded. */
export function hasEnded(card: Pick<Card, 'status'>): boolean {
  return ENDED.includes(card.status);
}

/** The badge of each status: working (green), on its way (the accent), paused or over (neutral), blocked (red). */
export const STATUS_BADGE: Readonly<Record<CardStatus, string>> = {
  Ordered: 'status-badge--pending',
  Produced: 'status-badge--pending',
  Shipped: 'status-badge--pending',
  Active: 'status-badge--success',
  Frozen: 'status-badge--neutral',
  Blocked: 'status-badge--danger',
  Expired: 'status-badge--neutral',
};

/** The card a replacement took the place of, when it is still in the list. */
export function replacedCard(card: Pick<Card, 'replaces'>, cards: readonly Card[]): Card | null {
  return card.replaces ? (cards.find((other) => other.id === card.replaces) ?? null) : null;
}

/**
 * The status the bank named when it refused a move because the card had changed meanwhile (a 409
 * with details.reason 'cardStatus'), else null.
 */
export function conflictingStatus(body: ErrorBody | null): CardStatus | null {
  const details = body?.details as { reason?: unknown; status?: unknown } | undefined;
  if (body?.code !== 'CONFLICT' || details?.reason !== 'cardStatus' || typeof details.status !== 'string') return null;
  return details.status as CardStatus;
}
