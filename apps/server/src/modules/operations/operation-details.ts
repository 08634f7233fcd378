import { PAYMENT_REGIONS } from '@bank/contracts';
import { z } from 'zod';

/** Every kind of operation the bank records; each has its details' schema below. */
export type TransferKind = 'internal' | 'international' | 'exchange' | 'incoming' | 'crypto' | 'crypto_internal' | 'crypto_deposit' | 'crypto_conversion' | 'reversal' | 'fee' | 'deposit' | 'card';

/**
 * What only some kinds of operation have: the `details` of an operations row, one schema per kind.
 * The table keeps what every operation has in columns of its own (its number, client, status,
 * amount, fee, currency, counterparty and instants); each kind's own facts live here, so a new kind
 * of operation adds a schema and leaves every other kind's as it is. The database checks the same
 * rules (operation_details_valid, migration 0093): a detail a kind does not name is refused, as is
 * one of the wrong type, and one the kind requires may not be missing. A detail an operation does
 * not have is absent, never null.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

const id = z.string().regex(UUID);
/** An amount as the ledger's decimal text ("1250.00"). */
const decimal = z.string().regex(DECIMAL);
/** A calendar day, 'YYYY-MM-DD'. */
const day = z.string().regex(DATE);

/** What a transfer waiting for the bank needs, fixed when it is made (limits.ts): its EUR value, the approvals and why two. */
export const thresholdsSchema = z
  .strictObject({
    amountEur: decimal,
    approvalsRequired: z.literal([1, 2]),
    approvalReason: z.enum(['amount', 'dailyLimit']).nullable(),
  })
  .refine((thresholds) => (thresholds.approvalsRequired === 2) === (thresholds.approvalReason !== null), 'Two approvals have a reason, one has none');

/**
 * A transfer dated after the day it was made: the bank date it runs on, the request it runs as, the
 * runs that failed for a reason of the bank's (scheduled.ts), and for a standing order's occurrence
 * its order and date, both or neither. Kept once the transfer has run.
 */
export const scheduleSchema = z
  .strictObject({
    date: day,
    request: z.record(z.string(), z.unknown()),
    runAttempts: z.int().min(0),
    standingOrderId: id.optional(),
    occurrenceDate: day.optional(),
  })
  .refine((schedule) => (schedule.standingOrderId === undefined) === (schedule.occurrenceDate === undefined), 'An occurrence names its order and its date');

/** Every detail any kind may have, each of one type whatever the kind. */
const DETAIL = {
  /** The client's account or wallet the money leaves, and the one it reaches. */
  fromAccountId: id,
  toAccountId: id,
  fromWalletId: id,
  toWalletId: id,
  /** The hold on the payer's funds while the bank decides. */
  holdId: id,
  /** What an exchange or a conversion credits, in which currency, at which rate (the exact text confirmed). */
  counterAmount: decimal,
  counterCurrency: z.string().regex(/^[A-Z]{3,4}$/),
  rate: z.string(),
  paymentRegion: z.enum(PAYMENT_REGIONS),
  purpose: z.string(),
  /** The client's reference text; for a reversal the number reversed, for a fee what it is for. */
  paymentReference: z.string(),
  /** The day asked for, or the value day of money received. */
  paymentDate: day,
  /** What the client said about the recipient besides the account. */
  recipientDetails: z.record(z.string(), z.unknown()),
  /** A deposit's transaction hash on its network. */
  txHash: z.string(),
  /** The card a card payment or refund went through, and the merchant's category code. */
  cardId: id,
  mcc: z.string().regex(/^[0-9]{4}$/),
  thresholds: thresholdsSchema,
  schedule: scheduleSchema,
} as const;

const { fromAccountId, toAccountId, fromWalletId, toWalletId, holdId, counterAmount, counterCurrency, rate, paymentRegion, purpose, paymentReference, paymentDate, recipientDetails, txHash, cardId, mcc, thresholds, schedule } =
  DETAIL;

/** Each kind's details: what it requires, what it may have, nothing else. */
export const OPERATION_DETAILS = {
  internal: z.strictObject({
    fromAccountId,
    toAccountId,
    purpose: purpose.optional(),
    paymentReference: paymentReference.optional(),
    paymentDate: paymentDate.optional(),
    recipientDetails: recipientDetails.optional(),
    schedule: schedule.optional(),
  }),
  international: z.strictObject({
    fromAccountId,
    paymentRegion,
    recipientDetails,
    purpose: purpose.optional(),
    paymentReference: paymentReference.optional(),
    paymentDate: paymentDate.optional(),
    holdId: holdId.optional(),
    thresholds: thresholds.optional(),
    schedule: schedule.optional(),
  }),
  exchange: z.strictObject({ fromAccountId, toAccountId, counterAmount, counterCurrency, rate }),
  incoming: z.strictObject({
    toAccountId,
    paymentRegion,
    purpose: purpose.optional(),
    paymentReference: paymentReference.optional(),
    paymentDate: paymentDate.optional(),
  }),
  crypto: z.strictObject({
    fromWalletId,
    holdId,
    paymentReference: paymentReference.optional(),
    recipientDetails: recipientDetails.optional(),
    thresholds: thresholds.optional(),
  }),
  crypto_internal: z.strictObject({
    fromWalletId,
    toWalletId,
    paymentReference: paymentReference.optional(),
    recipientDetails: recipientDetails.optional(),
  }),
  crypto_deposit: z.strictObject({ toWalletId, txHash }),
  crypto_conversion: z
    .strictObject({
      fromAccountId: fromAccountId.optional(),
      fromWalletId: fromWalletId.optional(),
      toAccountId: toAccountId.optional(),
      toWalletId: toWalletId.optional(),
      counterAmount,
      counterCurrency,
      rate,
      holdId,
      thresholds: thresholds.optional(),
    })
    .refine(
      (details) => (details.fromAccountId === undefined) !== (details.fromWalletId === undefined) && (details.toAccountId === undefined) !== (details.toWalletId === undefined),
      'A conversion sells from one account or wallet and buys into one',
    ),
  reversal: z.strictObject({
    purpose,
    paymentReference,
    fromAccountId: fromAccountId.optional(),
    toAccountId: toAccountId.optional(),
    fromWalletId: fromWalletId.optional(),
    toWalletId: toWalletId.optional(),
  }),
  fee: z.strictObject({ fromAccountId, purpose, paymentReference: paymentReference.optional() }),
  deposit: z
    .strictObject({
      purpose,
      paymentReference,
      paymentDate,
      fromAccountId: fromAccountId.optional(),
      toAccountId: toAccountId.optional(),
    })
    .refine((details) => (details.fromAccountId === undefined) !== (details.toAccountId === undefined), 'A deposit movement leaves one account or comes back to it'),
  /**
   * A card payment out of the card's account, held until the network clears it, or a merchant's refund
   * into it (docs/cards.md#the-card-network). The purpose is the merchant as the statement names it;
   * when the merchant's currency is not the account's, what it asked (counterAmount, counterCurrency)
   * and the rate it was converted at.
   */
  card: z
    .strictObject({
      cardId,
      mcc,
      purpose,
      fromAccountId: fromAccountId.optional(),
      toAccountId: toAccountId.optional(),
      holdId: holdId.optional(),
      counterAmount: counterAmount.optional(),
      counterCurrency: counterCurrency.optional(),
      rate: rate.optional(),
    })
    .refine((details) => (details.fromAccountId === undefined) !== (details.toAccountId === undefined), 'A card payment leaves the account or a refund comes back to it')
    .refine((details) => (details.holdId === undefined) === (details.fromAccountId === undefined), 'A payment is held, a refund is not')
    .refine(
      (details) => (details.counterAmount === undefined) === (details.rate === undefined) && (details.counterAmount === undefined) === (details.counterCurrency === undefined),
      "What the merchant asked comes with its rate",
    ),
} as const satisfies Record<TransferKind, z.ZodType>;

export type OperationDetailsOf<Kind extends TransferKind> = z.output<(typeof OPERATION_DETAILS)[Kind]>;

/** The details of an operation as read back from its row, whatever its kind: what the kind lacks is absent. */
export type StoredDetails = Partial<{ [Key in keyof typeof DETAIL]: z.output<(typeof DETAIL)[Key]> }>;

export type Thresholds = z.output<typeof thresholdsSchema>;

/**
 * Checks the details of an operation of `kind` against its kind's schema, answering them without
 * the details it does not have (undefined). Refused details are a fault of the code that made them,
 * never of a request: the requests were checked before.
 */
export function operationDetails(kind: TransferKind, details: Record<string, unknown>): StoredDetails {
  const present = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
  const checked = OPERATION_DETAILS[kind].safeParse(present);
  if (!checked.success) throw new Error(`The details of a ${kind} operation do not fit its kind: ${checked.error.message}`);
  return checked.data;
}

/** The details column as a driver answers it: an object, or JSON text. */
export function storedDetails(value: unknown): StoredDetails {
  return (typeof value === 'string' ? JSON.parse(value) : value) as StoredDetails;
}
