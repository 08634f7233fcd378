import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlCharacterPath, hasControlCharacter } from './text';

describe('control characters', () => {
  it('finds NUL and the other controls a person never types, wherever they are', () => {
    expect(controlCharacterPath({ reference: 'a\u0000b' })).toBe('reference');
    expect(controlCharacterPath({ recipientDetails: { fullName: 'Ann\u001b[31m' } })).toBe('recipientDetails.fullName');
    expect(controlCharacterPath({ sourcesOfWealth: ['salary', 'gift\u007f'] })).toBe('sourcesOfWealth.1');
    expect(controlCharacterPath({ 'key\u0000': 'value' })).toBe('key\u0000');
    expect(controlCharacterPath('\u0085')).toBe('');
  });

  it('finds a lone UTF-16 surrogate, high or low, in a text or a key, but not a well-formed pair', () => {
    expect(controlCharacterPath({ recipientDetails: { fullName: 'Ann\ud800 Smith' } })).toBe('recipientDetails.fullName');
    expect(controlCharacterPath({ paymentMethod: '\udc00account' })).toBe('paymentMethod');
    expect(controlCharacterPath({ name: 'end\ud83d' })).toBe('name');
    expect(controlCharacterPath({ name: '\udcb6\ud83d' })).toBe('name');
    expect(controlCharacterPath({ 'k\udfff': 'value' })).toBe('k\udfff');
    expect(controlCharacterPath({ name: 'Laptop 💶 \ud83d\udcb6' })).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.integer({ min: 0xd800, max: 0xdfff }), (before, after, half) => {
        // Keep the lone half alone: no partner just before or after it.
        const left = before.replace(/[\ud800-\udbff]$/, '');
        const right = after.replace(/^[\udc00-\udfff]/, '');
        expect(hasControlCharacter(`${left}${String.fromCharCode(half)}${right}`)).toBe(true);
      }),
    );
  });

  it('lets tab, line breaks and every printable text through, Cyrillic and emoji included', () => {
    expect(controlCharacterPath({ message: 'Здравствуйте!\r\n\tСчёт №1 — 💶', amount: 12.5, flag: true, none: null })).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const controls = [...text].filter((character) => {
          const code = character.codePointAt(0)!;
          return (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || (code >= 0x7f && code <= 0x9f);
        });
        expect(hasControlCharacter(text)).toBe(controls.length > 0);
      }),
    );
  });
});
