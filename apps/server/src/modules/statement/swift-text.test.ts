// Proves the SWIFT text of MT940 narratives: Russian transliterated by ICAO 9303 with capitals kept as
// written (a capitalised word, a word in capitals), accents dropped, other characters replaced by their
// nearest in the X set or a space, and wrapping into lines of a width that never start with ':' or '-'.
import { describe, expect, it } from 'vitest';
import { toSwiftText, wrapSwiftText } from './swift-text';

describe('toSwiftText', () => {
  it('transliterates Russian as ICAO 9303 does, capitals as written', () => {
    expect(toSwiftText('Щукин Юрий Жанович')).toBe('Shchukin Iurii Zhanovich');
    expect(toSwiftText('ЩУКИН ЮРИЙ')).toBe('SHCHUKIN IURII');
    expect(toSwiftText('Ёлкин Цветков Хабаров Чайка Шилов, объём, Эльвира, Ян, сыр, Подъезд')).toBe(
      'Elkin Tsvetkov Khabarov Chaika Shilov, obieem, Elvira, Ian, syr, Podieezd',
    );
  });

  it('keeps only the X set: accents dropped, nearest punctuation, anything else a space', () => {
    expect(toSwiftText('Hans Müller, Société Générale')).toBe('Hans Muller, Societe Generale');
    expect(toSwiftText('Счёт № 7 «Консультации» — 50% & more; ok!')).toBe("Schet N 7 'Konsultatsii' - 50 + more, ok.");
    expect(toSwiftText('Straße\tæ\u0001 ø 😀 x')).toBe('Strasse ae o x');
    // A typed '?' with digits would read as a subfield of field 86 to some readers.
    expect(toSwiftText('Invoice ?20 paid?')).toBe('Invoice .20 paid.');
  });
});

describe('wrapSwiftText', () => {
  it('wraps at spaces into at most the lines asked for, none starting with a colon or a hyphen', () => {
    expect(wrapSwiftText('one two three four', 9, 6)).toEqual(['one two', 'three', 'four']);
    expect(wrapSwiftText('one two three four', 9, 2)).toEqual(['one two', 'three']);
    expect(wrapSwiftText('abcdefghijkl', 5, 6)).toEqual(['abcde', 'fghij', 'kl']);
    expect(wrapSwiftText('ab :cd -ef', 3, 6)).toEqual(['ab', '.cd', '.ef']);
    expect(wrapSwiftText('', 65, 6)).toEqual([]);
  });
});
