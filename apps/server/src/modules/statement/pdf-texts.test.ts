// The signed PDF names types, statuses and directions in the server's own words (pdf-texts.ts): it
// is written where the web's translation files are not loaded. Both copies must read alike, or the
// document a client hands on would disagree with the statement screen it came from.
import { readFileSync } from 'node:fs';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@bank/contracts';
import { describe, expect, it } from 'vitest';
import { statusKey, typeKey } from '../../../../web/src/features/statement/labels';
import { PDF_TEXTS } from './pdf-texts';

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
  }
});
