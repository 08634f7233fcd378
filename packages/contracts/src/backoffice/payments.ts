import { z } from 'zod';
import { moneyStringSchema, requiredText } from '../accounts/fields';
import { CURRENCIES, type Currency } from '../money';
import { LIMITS } from '../protocol';
import { MAKER_CHECKER_THRESHOLD_EUR, PAYMENT_REGIONS } from '../tariffs';
import { TRANSACTION_STATUSES } from '../transfers/status';
import { pageNumberSchema, pageSchema } from './paging';

/**
 * The payments queue (payments, admin): transfers that wait for the bank. A transfer worth more
 * than MAKER_CHECKER_THRESHOLD_EUR (at the mid rate of the day it was made), or one that takes its
 * client's transfers out of the bank that day past DAILY_ABROAD_LIMIT_EUR, needs two approvals by
 * two different operators: the first moves it to Processing, the second to Approved. The limits
 * live in tariffs.ts.
 */
export { MAKER_CHECKER_THRESHOLD_EUR };

/** Why a transfer needs two approvals: its own amount, or the client's sum of the day. */
export const APPROVAL_REASONS = ['amount', 'dailyLimit'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

export const PENDING_TRANSFER_STATUSES = ['New', 'Processing'] as const;
/** What waits in the queue: international transfers, crypto transfers out of the bank, crypto conversions. */
export const REVIEWED_TRANSFER_KINDS = ['international', 'crypto', 'crypto_conversion'] as const;
export type ReviewedTransferKind = (typeof REVIEWED_TRANSFER_KINDS)[number];

/** GET /api/backoffice/transactions?status=New|Processing&type=&page= ; no status means both. */
export const paymentsQueueQuerySchema = z.object({
  status: z.enum(PENDING_TRANSFER_STATUSES, { error: 'validation.status.invalid' }).optional(),
  type: z.enum(REVIEWED_TRANSFER_KINDS, { error: 'validation.type.invalid' }).optional(),
  page: pageNumberSchema,
});
export type PaymentsQueueQuery = z.input<typeof paymentsQueueQuerySchema>;

const currencyEnum = z.enum(CURRENCIES as [Currency, ...Currency[]]);

export const approvalSchema = z.object({ operatorId: z.string(), operatorName: z.string(), at: z.string() });

export const paymentReviewItemSchema = z.object({
  transactionNumber: z.string(),
  type: z.enum(REVIEWED_TRANSFER_KINDS),
  status: z.enum(TRANSACTION_STATUSES),
  createdAt: z.string(),
  client: z.object({ clientId: z.string(), clientNumber: z.string(), name: z.string(), email: z.string() }),
  fromAccount: z.string(),
  amount: moneyStringSchema,
  fee: moneyStringSchema,
  total: moneyStringSchema,
  currency: currencyEnum,
  /** The amount in EUR at the mid rate of the day the transfer was made, kept with it. */
  amountEur: moneyStringSchema,
  paymentRegion: z.enum(PAYMENT_REGIONS).nullable(),
  /** International: the beneficiary's name; crypto: the recipient address; conversion: the account or wallet credited. */
  recipient: z.string(),
  /** Crypto: the network the coins leave on. */
  network: z.string().nullable(),
  /** Conversion: what is credited, in which currency, at which rate. */
  counterAmount: moneyStringSchema.nullable(),
  counterCurrency: currencyEnum.nullable(),
  rate: z.string().nullable(),
  /** The recipient details the client gave (recipientDetails, docs/product.md#data), as stored. */
  recipientDetails: z.record(z.string(), z.unknown()).nullable(),
  purpose: z.string().nullable(),
  reference: z.string().nullable(),
  /** The payer's available balance now (the transfer's own hold already taken off). */
  availableBalance: moneyStringSchema,
  /** Fixed when the transfer was made: 1, or 2 by two different operators. */
  requiredApprovals: z.number().int(),
  /** Why two approvals are needed; null when one is enough. */
  approvalReason: z.enum(APPROVAL_REASONS).nullable().optional(),
  approvals: z.array(approvalSchema),
});
export type PaymentReviewItem = z.infer<typeof paymentReviewItemSchema>;

export const paymentsQueueResponseSchema = pageSchema(paymentReviewItemSchema);
export type PaymentsQueueResponse = z.infer<typeof paymentsQueueResponseSchema>;

/** GET /api/backoffice/transactions/:transactionNumber */
export const paymentReviewResponseSchema = paymentReviewItemSchema;

/** POST /api/backoffice/transactions/:transactionNumber/deny */
export const paymentDenyRequestSchema = z.object({ reason: requiredText(LIMITS.maxLongText) });
export type PaymentDenyRequest = z.input<typeof paymentDenyRequestSchema>;

/** The answer of approve and deny: the transfer as it stands after the call. */
export const paymentDecisionResponseSchema = paymentReviewItemSchema;
