import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token (256 bits by default), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time code of `digits` digits from the secure random source. */
export function randomDigits(digits: number): string {
  let code = '';
  for (let index = 0; index < digits; index += 1) code += String(randomInt(10));
  return code;
}

/**
 * Keyed hash of a token or code, as stored in the database. Keyed with the server secret so a copy
 * of the database alone does not allow checking guesses offline.
 */
export function hashSecret(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqualHex(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
