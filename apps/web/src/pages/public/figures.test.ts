import { DEPOSITS } from '@bank/contracts/tariffs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../app/i18n';
import { formatAlternatives, formatList, publicFigures } from './figures';

const LISTS = [[], ['1'], ['1', '3'], ['1', '3', '6'], ['1', '3', '6', '12'], ['5 g', '10 g', '1 oz', '1 kg', '5 kg']];

describe('public figures: lists', () => {
  // The written-out patterns must read exactly as the platform's list formatter would write them.
  it.each(LANGUAGES)('join lists in %s as Intl.ListFormat does', (language) => {
    for (const values of LISTS) {
      expect(formatAlternatives(values, language)).toBe(new Intl.ListFormat(language, { style: 'long', type: 'disjunction' }).format(values));
      expect(formatList(values, language)).toBe(new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(values));
    }
  });

  it('joins numbers as their decimal text', () => {
    expect(formatAlternatives([1, 3, 6, 12], 'en')).toBe('1, 3, 6, or 12');
    expect(formatAlternatives([1, 3, 6, 12], 'ru')).toBe('1, 3, 6 или 12');
  });
});

describe("the tariff's figures written out", () => {
  // The pages are drawn and taken over with these (blocks.tsx), so that no number is formatted on the
  // way. Changed tariff figures fail here until the file is written again: npx vitest run -u <this file>.
  it('are publicFigures of the tariff’s table in both languages', async () => {
    const figures = Object.fromEntries(LANGUAGES.map((language) => [language, publicFigures(language, DEPOSITS.ratesBasisPoints)]));
    await expect(`${JSON.stringify(figures, null, 2)}\n`).toMatchFileSnapshot('./tariffFigures.json');
  });
});
