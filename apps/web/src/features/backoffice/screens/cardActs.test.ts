// Proves what the back office offers to do with a client's card: blocking while it is neither
// Blocked nor Expired, a physical card's production (Ordered → produced, Produced → shipped) and
// nothing of the kind for a virtual one; the calls each act sends, as the server's contracts read
// them; and every text of the acts in both languages («Заблокировать карту», «Карта изготовлена»).
import { blockCardRequestSchema, CARD_STATUSES, CARD_TYPES, cardProductionRequestSchema, type CardStatus, type CardType } from '@bank/contracts/cards/cards';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../../locales/localeFiles';
import { CARD_BLOCK_REASON_MAX_LENGTH, cardActCall, cardActsOf, type CardAct } from './cardActs';

const texts = { en: loadNamespace('en', 'backoffice'), ru: loadNamespace('ru', 'backoffice') };

describe('the acts on a card in the back office', () => {
  it('offers for each status and type of card its next production step, then blocking', () => {
    const expected: Record<CardType, Record<CardStatus, CardAct[]>> = {
      physical: {
        Ordered: ['produced', 'block'],
        Produced: ['shipped', 'block'],
        Shipped: ['block'],
        Active: ['block'],
        Frozen: ['block'],
        Blocked: [],
        Expired: [],
      },
      virtual: {
        Ordered: ['block'],
        Produced: ['block'],
        Shipped: ['block'],
        Active: ['block'],
        Frozen: ['block'],
        Blocked: [],
        Expired: [],
      },
    };
    for (const type of CARD_TYPES) {
      for (const status of CARD_STATUSES) expect({ type, status, acts: cardActsOf({ type, status }) }).toEqual({ type, status, acts: expected[type][status] });
    }
  });

  it('sends each act to its call, in the shape the server reads', () => {
    const block = cardActCall('0b6f3c2e-9a41-4d1e-8f57-3c2a1b0d9e87', 'block', 'Reported stolen by phone');
    expect(block).toEqual({ path: 'cards/0b6f3c2e-9a41-4d1e-8f57-3c2a1b0d9e87/block', body: { reason: 'Reported stolen by phone' } });
    expect(blockCardRequestSchema.parse(block.body)).toEqual({ reason: 'Reported stolen by phone' });
    expect(cardActCall('c1', 'produced')).toEqual({ path: 'cards/c1/status', body: { status: 'Produced' } });
    expect(cardActCall('c1', 'shipped')).toEqual({ path: 'cards/c1/status', body: { status: 'Shipped' } });
    for (const act of ['produced', 'shipped'] as const) expect(cardProductionRequestSchema.safeParse(cardActCall('c1', act).body).success).toBe(true);
    expect(cardActCall('a/b', 'produced').path).toBe('cards/a%2Fb/status');
  });

  it('takes a reason as long as the server does, and no longer', () => {
    expect(CARD_BLOCK_REASON_MAX_LENGTH).toBe(2000);
    expect(blockCardRequestSchema.safeParse({ reason: 'x'.repeat(CARD_BLOCK_REASON_MAX_LENGTH) }).success).toBe(true);
    expect(blockCardRequestSchema.safeParse({ reason: 'x'.repeat(CARD_BLOCK_REASON_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it('has every text of the acts in both languages, each accessible name naming the card', () => {
    const keys = ['block', 'blockLabel', 'blockTitle', 'blockLead', 'blockReasonRequired', 'next', 'confirmTitle', 'confirmText', 'confirm', 'produced', 'producedLabel', 'shipped', 'shippedLabel', 'done.block', 'done.produced', 'done.shipped'];
    for (const language of ['en', 'ru'] as const) {
      for (const key of keys) expect({ language, key, text: texts[language].get(`cards.acts.${key}`) }).toEqual({ language, key, text: expect.any(String) });
      for (const act of ['block', 'produced', 'shipped']) {
        const label = texts[language].get(`cards.acts.${act}Label`)!;
        // The button's name starts with the words it shows (WCAG 2.5.3), then names the card.
        expect(label.startsWith(texts[language].get(`cards.acts.${act}`)!)).toBe(true);
        expect(label).toContain('{{last4}}');
      }
    }
    expect(texts.en.get('cards.acts.blockLabel')).toBe('Block the card ending in {{last4}}');
    expect(texts.ru.get('cards.acts.block')).toBe('Заблокировать карту');
    expect(texts.ru.get('cards.acts.produced')).toBe('Карта изготовлена');
    expect(texts.ru.get('cards.acts.shipped')).toBe('Карта отправлена клиенту');
  });
});
