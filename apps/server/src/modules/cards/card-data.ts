import { createHmac, randomInt } from 'node:crypto';
import { hashCandidates, hashSecret, openWithRing, sealSecret, type SecretRing } from '../../lib/crypto';

/**
 * Card data as issuers keep it (docs/cards.md): the number (PAN) is MasterCard's (the bank's BIN in
 * the 51–55 range, 16 digits, Luhn-valid), sealed with AES-256-GCM under CARD_DATA_KEY and found by
 * a keyed hash of it; both follow the key's rotation as APP_SECRET's do. The CVC is never stored: it
 * is derived from the number and the expiry with the card verification key, as an issuer's HSM does.
 */

/** The bank's issuer identification number: MasterCard's 51–55 range. */
export const BANK_BIN = '531972';
const PAN_LENGTH = 16;
const SEAL_PURPOSE = 'card.pan';

/** The Luhn check digit of the digits before it. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a number passes the Luhn check. */
export function isLuhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/** Whether a number is in MasterCard's ranges: 51–55, or 2221–2720. */
export function isMastercardPrefix(pan: string): boolean {
  const two = Number(pan.slice(0, 2));
  const four = Number(pan.slice(0, 4));
  return (two >= 51 && two <= 55) || (four >= 2221 && four <= 2720);
}

/** A new number: the BIN, random account digits from a cryptographic source, and the check digit. */
export function newPan(): string {
  let body = BANK_BIN;
  while (body.length < PAN_LENGTH - 1) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

/** `•••• 1234`: how a number shows everywhere but the reveal. */
export const maskedPan = (last4: string): string => `•••• ${last4}`;

export const sealPan = (pan: string, key: SecretRing): string => sealSecret(pan, key.current, SEAL_PURPOSE);

/** The number sealed, or null when no key of the ring opens it (sealed under a key since dropped). */
export const openPan = (sealed: string, key: SecretRing): string | null => openWithRing(sealed, key, SEAL_PURPOSE)?.plain ?? null;

/** The look-up hash of a number under the current key. */
export const panHash = (pan: string, key: SecretRing): string => hashSecret(`card:${pan}`, key.current);

/** The hashes a number may be stored under while the key rotates (current first). */
export const panHashCandidates = (pan: string, key: SecretRing): string[] => hashCandidates(`card:${pan}`, key);

/** MMYY of an expiry. */
export const expiryText = (month: number, year: number): string => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/**
 * The CVC of a number and its expiry: an HMAC-SHA256 under the card verification key, read as three
 * decimal digits. The same inputs give the same code, so the network's check needs nothing stored.
 */
export function cvcOf(pan: string, month: number, year: number, verificationKey: string): string {
  const mac = createHmac('sha256', verificationKey).update(`cvc:${pan}:${expiryText(month, year)}`).digest();
  return String(mac.readUInt32BE(0) % 1000).padStart(3, '0');
}
