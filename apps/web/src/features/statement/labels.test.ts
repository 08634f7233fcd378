// Proves whom a statement line names as its counterparty: the payer of an incoming row, the payee
// of an outgoing one, with the name when the bank knows it and the account always; and that a row of
// the bank's own (a fee, a deposit's movement) reads in the screen's language, every one of them.
import { BANK_PURPOSES } from '@bank/contracts/tariffs';
import { describe, expect, it } from 'vitest';
import { loadNamespace } from '../../locales/localeFiles';
import { counterpartyOf, purposeText, rowStatusKey } from './labels';

const parties = { sender: '40817810000000000001', senderName: 'Anna Petrova', recipient: 'DE75512108001245126199', recipientName: null };

describe('counterparty of a row', () => {
  it('names the sender of an incoming row', () => {
    expect(counterpartyOf({ ...parties, direction: 'IN' })).toEqual({ name: 'Anna Petrova', account: '40817810000000000001' });
  });

  it('names the recipient of an outgoing row, by account alone when it has no name', () => {
    expect(counterpartyOf({ ...parties, direction: 'OUT' })).toEqual({ name: null, account: 'DE75512108001245126199' });
  });
});

describe('purpose of a row', () => {
  const texts = { en: loadNamespace('en', 'statement'), ru: loadNamespace('ru', 'statement') };
  const translate = (language: 'en' | 'ru') => (key: string) => texts[language].get(key) ?? `missing ${key}`;

  it('reads each of the bank\'s own purposes in the screen\'s language', () => {
    for (const english of Object.values(BANK_PURPOSES)) {
      expect(purposeText(english, translate('en'))).toBe(english);
      expect(purposeText(english, translate('ru'))).not.toMatch(/^missing |^[\x20-\x7e]*$/);
    }
  });

  it('reads the closing fee of a client breaching policy', () => {
    expect(purposeText('Closing the accounts of a client breaching policy', translate('en'))).toBe('Closing the accounts of a client breaching policy');
    expect(purposeText('Closing the accounts of a client breaching policy', translate('ru'))).toBe('Закрытие счетов клиента за нарушение правил банка');
  });

  it('leaves any other purpose as its payer typed it', () => {
    expect(purposeText('Invoice 42', translate('ru'))).toBe('Invoice 42');
    expect(purposeText(null, translate('en'))).toBe('');
  });
});

describe('status of a row', () => {
  it('reads a card payment awaiting its clearing as pending, and every other row by its status', () => {
    const texts = { en: loadNamespace('en', 'statement'), ru: loadNamespace('ru', 'statement') };
    expect(texts.en.get(rowStatusKey({ type: 'Card', status: 'New' }))).toBe('Pending');
    expect(texts.ru.get(rowStatusKey({ type: 'Card', status: 'New' }))).toBe('Ожидает списания');
    expect(rowStatusKey({ type: 'Card', status: 'Approved' })).toBe('statuses.Approved');
    expect(rowStatusKey({ type: 'Europe (SEPA)', status: 'New' })).toBe('statuses.New');
  });
});
