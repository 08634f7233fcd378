import { z } from 'zod';
import { accountNumberSchema, amountFitsCurrencyOf, amountInputSchema, accountCurrencySchema, moneyStringSchema, optionalText, requiredText } from '../accounts/fields';
import { PAYMENT_REGIONS } from '../tariffs';

/**
 * POST /api/backoffice/incoming-payments (payments, admin): money that arrived from another bank,
 * booked to a client's account (clearing → client, less SPEC §9's incoming international fee).
 */
export const incomingPaymentRequestSchema = z
  .object({
    accountNumber: accountNumberSchema,
    amount: amountInputSchema,
    currency: accountCurrencySchema,
    senderName: requiredText(),
    senderAccount: requiredText(64),
    purpose: optionalText(),
    paymentRegion: z.enum(PAYMENT_REGIONS, { error: 'validation.paymentRegions.required' }),
  })
  .superRefine(amountFitsCurrencyOf('currency'));
export type IncomingPaymentRequest = z.input<typeof incomingPaymentRequestSchema>;

export const incomingPaymentResponseSchema = z.object({
  transactionNumber: z.string(),
  amount: moneyStringSchema,
  fee: moneyStringSchema,
  credited: moneyStringSchema,
  currency: accountCurrencySchema,
});
export type IncomingPaymentResponse = z.infer<typeof incomingPaymentResponseSchema>;

/** POST /api/backoffice/incoming-payments/preview: the same body, checked; answers what would be booked, to whom. */
export const incomingPaymentPreviewSchema = incomingPaymentResponseSchema.omit({ transactionNumber: true }).extend({ holder: z.string() });
export type IncomingPaymentPreview = z.infer<typeof incomingPaymentPreviewSchema>;
