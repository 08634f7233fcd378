/**
 * Text in SWIFT's X character set, the only one an MT940 may carry: a-z A-Z 0-9 / - ? : ( ) . , ' +
 * and space (lines end in CR LF). Russian names and purposes are transliterated; other text keeps
 * its nearest letters; anything else becomes a space.
 */

/** One character of the X set. */
export const SWIFT_X_CHARACTER = /[A-Za-z0-9/\-?:().,'+ ]/;

/**
 * Russian Cyrillic to Latin as ICAO Doc 9303 (7th edition) writes it, the table of Russian passports
 * since 2014 and of payment systems that take Latin names: Ж zh, Х kh, Ц ts, Ч ch, Ш sh, Щ shch,
 * Ъ ie, Ы y, Ь dropped, Ю iu, Я ia, Ё and Э e, Й i.
 */
const ICAO_9303_RUSSIAN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia',
};

/**
 * Characters with a near neighbour in the set. '?' is in the set but never written: some readers
 * take '?' and two digits in field 86 for a subfield separator, so one the client typed becomes '.'.
 */
const NEAREST: Readonly<Record<string, string>> = {
  '?': '.',
  '"': "'", '«': "'", '»': "'", '“': "'", '”': "'", '„': "'", '‘': "'", '’': "'", '`': "'",
  '–': '-', '—': '-', '−': '-', _: '-', '&': '+', '№': 'N', ';': ',', '!': '.', '\\': '/', '|': '/',
  '[': '(', ']': ')', '{': '(', '}': ')', '<': '(', '>': ')',
  ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'TH',
};

const isUpper = (character: string | undefined) => character !== undefined && character !== character.toLowerCase();
const isLower = (character: string | undefined) => character !== undefined && character !== character.toUpperCase();

/** A capital Cyrillic letter in Latin: all capitals inside a word in capitals, else only the first letter. */
function capital(latin: string, before: string | undefined, after: string | undefined): string {
  if (isUpper(after) || (isUpper(before) && !isLower(after))) return latin.toUpperCase();
  return latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** The text in the X set, on one line: transliterated, accents dropped, the rest spaces, spaces collapsed. */
export function toSwiftText(text: string): string {
  const characters = [...text];
  let result = '';
  for (const [index, character] of characters.entries()) {
    const lower = character.toLowerCase();
    const cyrillic = ICAO_9303_RUSSIAN[lower];
    if (cyrillic !== undefined) {
      result += character === lower ? cyrillic : capital(cyrillic, characters[index - 1], characters[index + 1]);
      continue;
    }
    const near = NEAREST[character];
    if (near !== undefined) {
      result += near;
      continue;
    }
    if (SWIFT_X_CHARACTER.test(character)) {
      result += character;
      continue;
    }
    // A Latin letter with an accent is the letter without it (ü u, é e); anything else is a space.
    const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
    result += bare.length > 0 && [...bare].every((part) => SWIFT_X_CHARACTER.test(part)) ? bare : ' ';
  }
  return result.replace(/ {2,}/g, ' ').trim();
}

/**
 * Text wrapped into at most `maxLines` lines of at most `width` characters, at spaces where it can
 * be; what does not fit is left out. A line never starts with ':' or '-' (SWIFT reads those as the
 * start of a field or the end of the message), so such a line starts with '.'.
 */
export function wrapSwiftText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = toSwiftText(text);
  while (rest.length > 0 && lines.length < maxLines) {
    let line = rest.slice(0, width);
    if (rest.length > width) {
      const space = line.lastIndexOf(' ');
      if (space > 0) line = line.slice(0, space);
    }
    rest = rest.slice(line.length).trimStart();
    line = line.trimEnd();
    if (line.startsWith(':') || line.startsWith('-')) line = `.${line.slice(1)}`;
    lines.push(line);
  }
  return lines;
}
