import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

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

function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `bank:${purpose}`, 32));
}

/**
 * Encrypts a small secret kept in the database (an authenticator key) with AES-256-GCM under a key
 * derived from the server secret for `purpose`: a copy of the database alone does not reveal it.
 */
export function sealSecret(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The secret `sealSecret` sealed; throws when it was changed or sealed under another key. */
export function openSecret(sealed: string, secret: string, purpose: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
