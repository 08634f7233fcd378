// Proves how the back office reads a card's authorisations: each status and each reason of a
// decline in both languages (a decline with its reason, "Отклонена", «Недостаточно средств»), the
// badge's colour of each, and where a merchant is.
import { CARD_AUTHORIZATION_STATUSES, CARD_STATUSES } from '@bank/contracts/cards/cards';
import { CARD_DECLINE_REASONS } from '@bank/contracts/cards/network';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../locales/localeFiles';
import { authorizationStatusText, authorizationTone, cardTone, merchantPlace } from './cardAuthorizations';

const texts = { en: loadNamespace('en', 'backoffice'), ru: loadNamespace('ru', 'backoffice') };
const translate = (language: 'en' | 'ru') => (key: string) => texts[language].get(key) ?? `missing ${key}`;

describe('an authorisation in the back office', () => {
  it('reads a decline with its reason in English and in Russian', () => {
    const declined = { status: 'Declined', declineReason: 'insufficient_funds' } as const;
    expect(authorizationStatusText(declined, translate('en'))).toEqual({ status: 'Declined', reason: 'Insufficient funds' });
    expect(authorizationStatusText(declined, translate('ru'))).toEqual({ status: 'Отклонена', reason: 'Недостаточно средств' });
    expect(authorizationStatusText({ status: 'Declined', declineReason: 'channel_blocked' }, translate('ru')).reason).toBe('Операции онлайн запрещены');
  });

  it('reads every status and every reason of a decline in both languages, and no reason for an approval', () => {
    for (const language of ['en', 'ru'] as const) {
      for (const status of CARD_AUTHORIZATION_STATUSES) {
        const text = authorizationStatusText({ status, declineReason: null }, translate(language));
        expect(text.status).not.toMatch(/^missing /);
        expect(text.reason).toBeNull();
      }
      for (const reason of CARD_DECLINE_REASONS) {
        const text = authorizationStatusText({ status: 'Declined', declineReason: reason }, translate(language)).reason!;
        expect(text).not.toMatch(/^missing /);
        if (language === 'ru') expect(text).toMatch(/[а-яё]/i);
      }
    }
    expect(authorizationStatusText({ status: 'Pending', declineReason: null }, translate('ru')).status).toBe('Ожидает списания');
    expect(authorizationStatusText({ status: 'Cleared', declineReason: null }, translate('ru')).status).toBe('Списана');
  });

  it('colours a status by what it means, and names a card\'s status in both languages', () => {
    expect(CARD_AUTHORIZATION_STATUSES.map(authorizationTone)).toEqual(['pending', 'success', 'neutral', 'neutral', 'danger']);
    expect(CARD_STATUSES.map(cardTone)).toEqual(['pending', 'pending', 'pending', 'success', 'pending', 'danger', 'neutral']);
    for (const language of ['en', 'ru'] as const) {
      for (const status of CARD_STATUSES) expect(translate(language)(`cards.statuses.${status}`)).not.toMatch(/^missing /);
    }
  });

  it('places a merchant by city, country and category code', () => {
    expect(merchantPlace({ name: 'Café Central', mcc: '5812', country: 'AT', city: 'Vienna' }, 'MCC 5812')).toBe('Vienna, AT · MCC 5812');
  });
});
