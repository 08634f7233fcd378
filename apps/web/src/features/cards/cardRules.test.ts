// Proves the screen offers each card only the moves the bank accepts in its status (docs/cards.md),
// finds the card a replacement replaced, and reads the status named in a 409 'cardStatus'.
import { CARD_STATUSES, type Card, type CardStatus } from '@bank/contracts/cards/cards';
import { describe, expect, it } from 'vitest';
import { cardActions, conflictingStatus, hasEnded, replacedCard, STATUS_BADGE } from './cardRules';

const offered = (type: Card['type'], status: CardStatus) =>
  Object.entries(cardActions({ type, status }))
    .filter(([, allowed]) => allowed)
    .map(([action]) => action)
    .sort();

describe('cardActions', () => {
  it('offers an active card every control but unfreezing and activating', () => {
    expect(offered('virtual', 'Active')).toEqual(['freeze', 'limits', 'replace', 'reveal']);
    expect(offered('physical', 'Active')).toEqual(['freeze', 'limits', 'replace', 'reveal']);
  });

  it('offers a frozen card unfreezing, not freezing', () => {
    expect(offered('virtual', 'Frozen')).toEqual(['limits', 'replace', 'reveal', 'unfreeze']);
  });

  it('offers activation only to a physical card that is made or on its way', () => {
    expect(offered('physical', 'Produced')).toContain('activate');
    expect(offered('physical', 'Shipped')).toContain('activate');
    expect(offered('physical', 'Ordered')).not.toContain('activate');
    for (const status of CARD_STATUSES) expect(offered('virtual', status)).not.toContain('activate');
  });

  it('offers a blocked card nothing, and an expired one only a replacement', () => {
    expect(offered('virtual', 'Blocked')).toEqual([]);
    expect(offered('physical', 'Expired')).toEqual(['replace']);
    expect(hasEnded({ status: 'Blocked' })).toBe(true);
    expect(hasEnded({ status: 'Expired' })).toBe(true);
    expect(hasEnded({ status: 'Frozen' })).toBe(false);
  });

  it('never offers freezing and unfreezing together', () => {
    for (const status of CARD_STATUSES) {
      const actions = cardActions({ type: 'physical', status });
      expect(actions.freeze && actions.unfreeze).toBe(false);
    }
  });

  it('has a badge for every status', () => {
    for (const status of CARD_STATUSES) expect(STATUS_BADGE[status]).toMatch(/^status-badge--/);
  });
});

describe('replacedCard', () => {
  const card = (id: string, replaces: string | null) => ({ id, replaces }) as Card;

  it('finds the card a replacement took the place of, when it is in the list', () => {
    const old = card('a', null);
    expect(replacedCard(card('b', 'a'), [card('b', 'a'), old])).toBe(old);
    expect(replacedCard(card('b', 'z'), [old])).toBeNull();
    expect(replacedCard(card('b', null), [old])).toBeNull();
  });
});

describe('conflictingStatus', () => {
  it('reads the status of a 409 cardStatus, and nothing from any other answer', () => {
    expect(conflictingStatus({ code: 'CONFLICT', message: 'no', details: { reason: 'cardStatus', status: 'Blocked' } })).toBe('Blocked');
    expect(conflictingStatus({ code: 'CONFLICT', message: 'no', details: { reason: 'cardUnreadable' } })).toBeNull();
    expect(conflictingStatus({ code: 'VALIDATION_FAILED', message: 'no', details: { reason: 'cardStatus', status: 'Blocked' } })).toBeNull();
    expect(conflictingStatus(null)).toBeNull();
  });
});
