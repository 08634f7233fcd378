/**
 * The one rule for control characters in what clients and operators send: no text field, query
 * parameter or key may carry one a person never types (NUL, the other C0 controls but tab, line
 * feed and carriage return, DEL and the C1 controls). PostgreSQL refuses NUL outright, and the
 * others only ever arrive to smuggle something into a log, a file or another system. A lone UTF-16
 * surrogate (JSON's "\ud800" with no partner) falls under the same rule: it is no character at all,
 * and UTF-8 has no bytes for it, so the database would store U+FFFD or refuse the row. With the `u`
 * flag, \p{Cs} matches only such a lone half; a well-formed pair (an emoji) is one code point. The server
 * applies it to every body and query before its schema (lib/errors.ts parseWith).
 */
// eslint-disable-next-line no-control-regex -- the very characters this rule is about
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;

export const CONTROL_CHARACTER_MESSAGE = 'validation.text.controlCharacters';

/** Deeper than any form goes: no schema accepts input nested further, so the walk stops there. */
const MAX_DEPTH = 32;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The path (dot-joined, '' for the whole input) of the first text or key in `input` that carries a
 * control character, or null when there is none.
 */
export function controlCharacterPath(input: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof input === 'string') return hasControlCharacter(input) ? path.join('.') : null;
  if (input === null || typeof input !== 'object') return null;
  if (path.length >= MAX_DEPTH) return null;
  const entries: Array<[string | number, unknown]> = Array.isArray(input) ? input.map((item, index) => [index, item]) : Object.entries(input);
  for (const [key, value] of entries) {
    if (typeof key === 'string' && hasControlCharacter(key)) return [...path, key].join('.');
    const found = controlCharacterPath(value, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
