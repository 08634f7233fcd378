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
 * The server secret (APP_SECRET) and, while a rotation is under way, the one it replaced
 * (APP_SECRET_PREVIOUS). What is hashed or sealed now is made under `current`; what was made under
 * `previous` is still accepted, and is moved to `current` when next used. This module holds the
 * whole of that rule: callers hash and seal under `current`, and look up and open through the ring.
 */
export interface SecretRing {
  readonly current: string;
  readonly previous: string | null;
}

/** A ring of one secret (no rotation under way), or of a secret and the one it replaced. */
export function secretRing(current: string, previous: string | null = null): SecretRing {
  return { current, previous: previous === current ? null : previous };
}

function keysOf(ring: SecretRing): string[] {
  return ring.previous === null ? [ring.current] : [ring.current, ring.previous];
}

/**
 * Keyed hash of a token or code, as stored in the database. Keyed with the server secret so a copy
 * of the database alone does not allow checking guesses offline.
 */
export function hashSecret(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/**
 * The keyed hashes of a value under each secret of the ring, the current one first: a lookup by
 * hash matches any of them. A row found by any but the first is re-hashed to the first when the
 * caller writes it anyway.
 */
export function hashCandidates(value: string, ring: SecretRing): string[] {
  return keysOf(ring).map((secret) => hashSecret(value, secret));
}

/** Whether a stored hash is one of the ring's hashes of the value (compared in constant time). */
export function matchesAnyHash(storedHex: string, value: string, ring: SecretRing): boolean {
  // Every candidate is compared, so the time taken does not tell which secret matched.
  return hashCandidates(value, ring).reduce((matched, candidate) => safeEqualHex(candidate, storedHex) || matched, false);
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

/** A sealed secret opened by a ring. */
export interface OpenedSecret {
  plain: string;
  /**
   * The sealed text to keep from now on: the same when the current secret opened it, sealed anew
   * under the current secret when the previous one did (store it in place of the old).
   */
  resealed: string;
  /** Whether it was sealed under the previous secret, so `resealed` differs and is worth writing. */
  stale: boolean;
}

/**
 * Opens a sealed secret with the current secret, else the previous one. Null when neither opens it:
 * sealed under a secret since dropped (two rotations), or changed; the caller answers that as a
 * clear refusal, never as an error of its own.
 */
export function openWithRing(sealed: string, ring: SecretRing, purpose: string): OpenedSecret | null {
  for (const secret of keysOf(ring)) {
    let plain: string;
    try {
      plain = openSecret(sealed, secret, purpose);
    } catch {
      continue;
    }
    const stale = secret !== ring.current;
    return { plain, stale, resealed: stale ? sealSecret(plain, ring.current, purpose) : sealed };
  }
  return null;
}

/** The secret `sealSecret` sealed; throws when it was changed or sealed under another key. */
export function openSecret(sealed: string, secret: string, purpose: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
