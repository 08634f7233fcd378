// The signed PDF names types, statuses, directions and the bank's own fees in the server's own words
// (pdf-texts.ts): it is written where the web's translation files are not loaded. Both copies must
// read alike, or the document a client hands on would disagree with the statement screen it came
// from. A fee's row, stored with the fee's English name as its purpose, reads in Russian on both.
import { readFileSync } from 'node:fs';
import { BANK_PURPOSES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { purposeText, statusKey, typeKey } from '../../../../web/src/features/statement/labels';
import { formatPdfPurpose, PDF_TEXTS } from './pdf-texts';

type Texts = Record<string, Record<string, string>>;
const screenTexts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${language}/statement.json`, import.meta.url), 'utf8')) as Texts;
const lookUp = (texts: Texts, key: string) => {
  const [group, name] = key.split('.') as [string, string];
  return texts[group]?.[name];
};

describe('the PDF statement and the statement screen', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`name types, statuses and directions alike in ${language}`, () => {
      const screen = screenTexts(language);
      const pdf = PDF_TEXTS[language];
      for (const type of TRANSACTION_TYPES) expect(pdf.types[type], type).toBe(lookUp(screen, typeKey(type)));
      for (const status of TRANSACTION_STATUSES) expect(pdf.statuses[status], status).toBe(lookUp(screen, statusKey(status)));
      expect(pdf.directions).toEqual(screen.directions);
    });

    it(`name the bank's fees alike in ${language} and leave other purposes as typed`, () => {
      const screen = screenTexts(language);
      const t = (key: string) => lookUp(screen, key) ?? key;
      for (const purpose of [...Object.values(BANK_PURPOSES), 'Invoice 42', null]) {
        expect(formatPdfPurpose(purpose, language), String(purpose)).toBe(purposeText(purpose, t));
      }
      expect(formatPdfPurpose('Invoice 42', language)).toBe('Invoice 42');
      expect(formatPdfPurpose(null, language)).toBe('');
    });
  }

  it('write the fees in Russian in a Russian statement', () => {
    const t = (key: string) => lookUp(screenTexts('ru'), key) ?? key;
    expect(purposeText('Withdrawal of a payment order', t)).toBe('Отзыв платёжного поручения');
    expect(purposeText('Account maintenance', t)).toBe('Обслуживание счёта');
    expect(formatPdfPurpose('Withdrawal of a payment order', 'ru')).toBe('Отзыв платёжного поручения');
    expect(formatPdfPurpose('Account maintenance', 'ru')).toBe('Обслуживание счёта');
    expect(formatPdfPurpose('Account maintenance', 'en')).toBe('Account maintenance');
  });
});
