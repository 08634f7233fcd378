import { z } from 'zod';
import { accountNumberSchema, amountFitsCurrencyOf, amountInputSchema, accountCurrencySchema, moneyStringSchema, optionalText, requiredText } from '../accounts/fields';
import { LIMITS } from '../protocol';
import { PAYMENT_REGIONS } from '../tariffs';

/**
 * POST /api/backoffice/incoming-payments (payments, admin): money that arrived from another bank,
 * proposed for booking to a client's account (clearing → client, less the incoming international fee of
 * docs/product.md#tariffs-and-limits). It is booked only when a second operator approves the proposal (approvals.ts);
 * the answer is that proposal. A payment like one booked in the last 30 days (same payer account,
 * amount, currency, value date and reference) is shown to the checker as a possible duplicate.
 */
const valueDateSchema = z
  .string({ error: 'validation.date.invalid' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date.invalid')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'validation.date.invalid');

export const incomingPaymentRequestSchema = z
  .object({
    accountNumber: accountNumberSchema,
    amount: amountInputSchema,
    currency: accountCurrencySchema,
    senderName: requiredText(),
    senderAccount: requiredText(64),
    purpose: optionalText(),
    paymentRegion: z.enum(PAYMENT_REGIONS, { error: 'validation.paymentRegions.required' }),
    /** The day the sending bank paid it; today when left out. */
    valueDate: valueDateSchema.optional(),
    /** The sending bank's reference of the payment. */
    reference: optionalText(64),
    /** Why the maker proposes it, for the checker. */
    reason: optionalText(LIMITS.maxLongText),
    /**
     * The payment came with missing or wrong details and is handled by hand: the investigation fee of
     * docs/product.md#tariffs-and-limits is charged to the client when it is booked.
     */
    investigation: z.boolean().optional(),
  })
  .superRefine(amountFitsCurrencyOf('currency'));
export type IncomingPaymentRequest = z.input<typeof incomingPaymentRequestSchema>;

export const incomingPaymentResponseSchema = z.object({
  transactionNumber: z.string(),
  amount: moneyStringSchema,
  fee: moneyStringSchema,
  credited: moneyStringSchema,
  currency: accountCurrencySchema,
  /** With an investigation: its fee, in the account's currency, and the number of the fee's own row. */
  investigationFee: moneyStringSchema.optional(),
  investigationTransactionNumber: z.string().optional(),
});
export type IncomingPaymentResponse = z.infer<typeof incomingPaymentResponseSchema>;

/** POST /api/backoffice/incoming-payments/preview: the same body, checked; answers what would be booked, to whom. */
export const incomingPaymentPreviewSchema = incomingPaymentResponseSchema.omit({ transactionNumber: true }).extend({ holder: z.string() });
export type IncomingPaymentPreview = z.infer<typeof incomingPaymentPreviewSchema>;
