import { z } from 'zod';
import { moneyStringSchema, requiredText } from '../accounts/fields';
import { CURRENCIES, type Currency } from '../money';
import { LIMITS } from '../protocol';
import { PAYMENT_REGIONS } from '../tariffs';
import { TRANSACTION_STATUSES } from '../transfers/transaction-record';
import { pageNumberSchema, pageSchema } from './paging';

/**
 * The payments queue (payments, admin): transfers that wait for the bank. A transfer worth more
 * than MAKER_CHECKER_THRESHOLD_EUR (converted at the day's mid rate) needs two approvals by two
 * different operators: the first moves it to Processing, the second to Approved.
 */
export const MAKER_CHECKER_THRESHOLD_EUR = '10000.00';

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
  /** The amount at the day's mid rate in EUR, which decides whether two approvals are needed. */
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
  /** The recipient details the client gave (SPEC §3 recipientDetails), as stored. */
  recipientDetails: z.record(z.string(), z.unknown()).nullable(),
  purpose: z.string().nullable(),
  reference: z.string().nullable(),
  /** The payer's available balance now (the transfer's own hold already taken off). */
  availableBalance: moneyStringSchema,
  requiredApprovals: z.number().int(),
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
