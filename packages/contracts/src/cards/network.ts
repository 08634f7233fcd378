import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { FIAT_CURRENCIES } from '../money';

/**
 * The card network's side (docs/cards.md#the-card-network): the messages a card processor sends the
 * bank, signed with the secret both share, and the bank's answers. The server checks them
 * (modules/cards/network-*.ts); `npm run card:terminal` and `npm run bench:cards` send them.
 */

export const CARD_NETWORK_TIMESTAMP_HEADER = 'card-network-timestamp';
export const CARD_NETWORK_SIGNATURE_HEADER = 'card-network-signature';
/** How far a message's timestamp may be from the bank's clock, either way. */
export const CARD_NETWORK_TOLERANCE_SECONDS = 300;

/** `v1=<hex HMAC-SHA256 with the shared secret of "<timestamp>.<raw body>">`. */
export function cardNetworkSignature(secret: string, timestamp: string, rawBody: string): string {
  return `v1=${bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestamp}.${rawBody}`)))}`;
}

/** The headers of a message sent now (Unix seconds) with its raw body. */
export function signCardNetworkMessage(secret: string, rawBody: string, nowSeconds: number = Math.floor(Date.now() / 1000)): Record<string, string> {
  const timestamp = String(nowSeconds);
  return { [CARD_NETWORK_TIMESTAMP_HEADER]: timestamp, [CARD_NETWORK_SIGNATURE_HEADER]: cardNetworkSignature(secret, timestamp, rawBody) };
}

/** Why an authorisation is declined. */
export const CARD_DECLINE_REASONS = [
  'unknown_card',
  'card_frozen',
  'card_blocked',
  'card_expired',
  'wrong_cvc',
  'insufficient_funds',
  'limit_exceeded',
  'channel_blocked',
  'country_blocked',
] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

export const CARD_CHANNELS = ['online', 'pos'] as const;
export type CardChannel = (typeof CARD_CHANNELS)[number];

/** Merchant category codes of restaurants, bars and fast food: their clearing may exceed the authorisation by the tip. */
export const TIP_MCCS: readonly string[] = ['5812', '5813', '5814'];
/** How far above its authorisation a restaurant's clearing may go, in per cent. */
export const TIP_TOLERANCE_PERCENT = 15n;
/** Days an authorisation holds the funds before it expires uncleared. */
export const AUTHORIZATION_HOLD_DAYS = 7;

const messageId = requiredText(64);
/** An amount in the merchant's currency, as decimal text ("12.50"). */
const networkAmount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'validation.amount.invalid');
const currency = z.enum(FIAT_CURRENCIES);
const pan = z.string().regex(/^\d{12,19}$/);

export const merchantSchema = z.object({
  name: requiredText(100),
  mcc: z.string().regex(/^\d{4}$/),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
  city: requiredText(100),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const authorizationRequestSchema = z.strictObject({
  messageId,
  pan,
  /** MM/YY as printed on the card. */
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  cvc: z.string().regex(/^\d{3}$/).optional(),
  amount: networkAmount,
  currency,
  merchant: merchantSchema,
  channel: z.enum(CARD_CHANNELS),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

export const authorizationResponseSchema = z.union([
  z.object({ approved: z.literal(true), authorizationId: z.string(), amount: z.string(), currency: z.string() }),
  z.object({ approved: z.literal(false), reason: z.enum(CARD_DECLINE_REASONS) }),
]);
export type AuthorizationResponse = z.infer<typeof authorizationResponseSchema>;

export const clearingRequestSchema = z.strictObject({ messageId, authorizationId: z.uuid(), amount: networkAmount, currency });
export type ClearingRequest = z.infer<typeof clearingRequestSchema>;

export const reversalRequestSchema = z.strictObject({ messageId, authorizationId: z.uuid() });
export type ReversalRequest = z.infer<typeof reversalRequestSchema>;

export const refundRequestSchema = z.strictObject({ messageId, pan, amount: networkAmount, currency, merchant: merchantSchema });
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * A clearing, reversal or refund: done, with the operation's number and what was booked in the
 * account's currency; or refused, with why.
 */
export const settlementResponseSchema = z.union([
  z.object({ accepted: z.literal(true), transactionNumber: z.string(), amount: z.string(), currency: z.string() }),
  z.object({ accepted: z.literal(false), reason: z.string() }),
]);
export type SettlementResponse = z.infer<typeof settlementResponseSchema>;
