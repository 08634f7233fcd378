import { z } from 'zod';
import { accountNumberSchema, amountInputSchema, optionalText, requiredText } from '../accounts/fields';
import { CARDS } from '../tariffs';
import { countryCodeSchema } from '../transfers/create-international-transfer';
import { CARD_CHANNELS, CARD_DECLINE_REASONS, merchantSchema } from './network';

/**
 * Debit cards (docs/cards.md): virtual and physical MasterCard cards in USD, valid 5 years, drawing
 * on a USD account of an identified client through the ledger's holds.
 */

export const CARD_TYPES = ['virtual', 'physical'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/**
 * A card's life: a virtual card is Active at once; a physical one is Ordered, then Produced and
 * Shipped by the back office, and Active once its holder types its last four digits. Frozen and back
 * by the holder; Blocked for good (replaced, or by the bank); Expired after 5 years.
 */
export const CARD_STATUSES = ['Ordered', 'Produced', 'Shipped', 'Active', 'Frozen', 'Blocked', 'Expired'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** The holder's limits, in USD: per payment, per calendar month, whether online payments pass, and the countries refused. */
export const cardLimitsSchema = z.object({
  perTransaction: z.string(),
  monthly: z.string(),
  online: z.boolean(),
  countriesBlocked: z.array(z.string()),
});
export type CardLimits = z.infer<typeof cardLimitsSchema>;

/** Limits a new card starts with (docs/cards.md), in USD. */
export const CARD_DEFAULT_LIMITS: CardLimits = { perTransaction: '5000.00', monthly: '20000.00', online: true, countriesBlocked: [] };
/** The highest limits a holder may set, in USD. */
export const CARD_MAX_LIMITS = { perTransaction: '50000.00', monthly: '200000.00' } as const;

export const deliveryAddressSchema = z.object({
  line1: requiredText(),
  line2: optionalText(),
  city: requiredText(),
  postalCode: requiredText(20),
  country: countryCodeSchema,
});
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/**
 * POST /api/cards {type, accountNumber, deliveryAddress?} with an Idempotency-Key: a card on the
 * client's USD account. A physical card needs where to send it. The fee of docs/product.md#fees-eur
 * (300 or 400 EUR) is charged as a row of its own: from the EUR account, else its equivalent from the
 * card's account at the day's mid rate; neither able to pay it is a 422 INSUFFICIENT_FUNDS.
 */
export const orderCardRequestSchema = z
  .object({
    type: z.enum(CARD_TYPES, { error: 'validation.cardType.invalid' }),
    accountNumber: accountNumberSchema,
    deliveryAddress: deliveryAddressSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'physical' && !value.deliveryAddress) {
      context.addIssue({ code: 'custom', message: 'validation.required', path: ['deliveryAddress'] });
    }
  });
export type OrderCardPayload = z.input<typeof orderCardRequestSchema>;
export type OrderCardRequest = z.output<typeof orderCardRequestSchema>;

/** A card as its holder's list shows it: never the full number. */
export const cardSchema = z.object({
  id: z.string(),
  type: z.enum(CARD_TYPES),
  brand: z.literal(CARDS.paymentSystem),
  currency: z.literal(CARDS.currency),
  /** `•••• 1234` */
  maskedNumber: z.string(),
  last4: z.string(),
  /** MM/YY */
  expiry: z.string(),
  status: z.enum(CARD_STATUSES),
  accountNumber: z.string(),
  limits: cardLimitsSchema,
  deliveryAddress: deliveryAddressSchema.nullable(),
  /** The card this one replaced, if any. */
  replaces: z.string().nullable(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;
export const listCardsResponseSchema = z.object({ cards: z.array(cardSchema) });
export type ListCardsResponse = z.infer<typeof listCardsResponseSchema>;

/** The answer of ordering: the card, and the fee's row (its number, the amount and currency charged). */
export const orderCardResponseSchema = z.object({
  card: cardSchema,
  fee: z.object({ amount: z.string(), currency: z.string(), transactionNumber: z.string() }),
});
export type OrderCardResponse = z.infer<typeof orderCardResponseSchema>;

/**
 * POST /api/cards/:id/reveal: the full number, expiry and CVC, behind a step-up: the password, or
 * the client's authenticator code where they use one. Answered `no-store`, 5 an hour per client,
 * each an audit row.
 */
export const revealCardRequestSchema = z.object({
  password: z.string().max(200).optional(),
  totpCode: z.string().max(10).optional(),
});
export type RevealCardRequest = z.input<typeof revealCardRequestSchema>;
export const revealedCardSchema = z.object({ number: z.string(), expiry: z.string(), cvc: z.string() });
export type RevealedCard = z.infer<typeof revealedCardSchema>;
/** How long the web shows revealed details before hiding them. */
export const CARD_REVEAL_SHOWN_SECONDS = 60;
/** Reveals a client may ask for in an hour. */
export const CARD_REVEALS_PER_HOUR = 5;

/** A USD amount a holder types for a limit: up to the cards' maximum. */
const limitAmountSchema = amountInputSchema;

/** PATCH /api/cards/:id/limits: any of the limits, in USD; the others stay. */
export const cardLimitsRequestSchema = z.object({
  perTransaction: limitAmountSchema.optional(),
  monthly: limitAmountSchema.optional(),
  online: z.boolean().optional(),
  countriesBlocked: z.array(countryCodeSchema).max(250).optional(),
});
export type CardLimitsRequest = z.input<typeof cardLimitsRequestSchema>;

export const CARD_REPLACE_REASONS = ['lost', 'stolen', 'damaged'] as const;
/** POST /api/cards/:id/replace {reason}: the card is Blocked at once and a new number issued, free. */
export const replaceCardRequestSchema = z.object({ reason: z.enum(CARD_REPLACE_REASONS, { error: 'validation.replaceReason.invalid' }) });
export type ReplaceCardRequest = z.input<typeof replaceCardRequestSchema>;

/** POST /api/cards/:id/activate {last4}: a physical card that has arrived. */
export const activateCardRequestSchema = z.object({ last4: z.string().regex(/^\d{4}$/, 'validation.last4.invalid') });
export type ActivateCardRequest = z.input<typeof activateCardRequestSchema>;

/**
 * An authorisation's life (docs/cards.md#the-card-network): Declined at once, or approved and
 * Pending (its amount held) until it is Cleared, Reversed, or Expired after 7 days uncleared.
 */
export const CARD_AUTHORIZATION_STATUSES = ['Pending', 'Cleared', 'Reversed', 'Expired', 'Declined'] as const;
export type CardAuthorizationStatus = (typeof CARD_AUTHORIZATION_STATUSES)[number];

/** How many of a card's latest authorisations the back office shows. */
export const CARD_AUTHORIZATIONS_SHOWN = 50;

/**
 * One authorisation the card network asked for, as the back office shows it (never the number):
 * approved (Pending until cleared, then Cleared, Reversed or Expired) or Declined with why. The
 * amount is the merchant's, in its currency; `heldUsd` what the approval held on the USD account,
 * at `rate` (the merchant's currency per USD); `clearedUsd` what the clearing booked.
 */
export const cardAuthorizationSchema = z.object({
  id: z.string(),
  status: z.enum(CARD_AUTHORIZATION_STATUSES),
  declineReason: z.enum(CARD_DECLINE_REASONS).nullable(),
  amount: z.string(),
  currency: z.string(),
  heldUsd: z.string().nullable(),
  clearedUsd: z.string().nullable(),
  rate: z.string().nullable(),
  merchant: merchantSchema,
  channel: z.enum(CARD_CHANNELS),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type CardAuthorization = z.infer<typeof cardAuthorizationSchema>;

/**
 * GET /api/backoffice/clients/:clientId/cards (payments, admin): the client's cards, never more than
 * the last four digits, each with why it was blocked and its latest authorisations, newest first.
 */
export const clientCardSchema = cardSchema.extend({ blockedReason: z.string().nullable(), authorizations: z.array(cardAuthorizationSchema) });
export type BackofficeCard = z.infer<typeof clientCardSchema>;
export const clientCardsResponseSchema = z.object({ cards: z.array(clientCardSchema) });
export type ClientCardsResponse = z.infer<typeof clientCardsResponseSchema>;

/** POST /api/backoffice/cards/:cardId/block {reason} (payments, admin): Blocked for good, at once. */
export const blockCardRequestSchema = z.object({ reason: requiredText(2000) });
export type BlockCardRequest = z.input<typeof blockCardRequestSchema>;

/** POST /api/backoffice/cards/:cardId/status {status} (payments, admin): a physical card produced, then shipped. */
export const CARD_PRODUCTION_STATUSES = ['Produced', 'Shipped'] as const;
export const cardProductionRequestSchema = z.object({ status: z.enum(CARD_PRODUCTION_STATUSES, { error: 'validation.cardStatus.invalid' }) });
export type CardProductionRequest = z.input<typeof cardProductionRequestSchema>;
