import { z } from 'zod';
import {
  accountCurrencySchema,
  accountNumberSchema,
  amountInputSchema,
  checkAmountScale,
  optionalEmailSchema,
  optionalText,
} from '../accounts/fields';
import { optionalDateSchema } from './dates';

/**
 * The internal transfer of POST /api/transaction/create (internal transfer form, docs/product.md#data): to another
 * account of this bank in the same currency. Settles at once, free, status Approved.
 *
 * Answers besides "Created": 400 VALIDATION_FAILED (fields.amount as for every amount;
 * fields.accNumberTo 'validation.accNumberTo.currencyMismatch' when the target account is in
 * another currency, 'validation.accNumberTo.sameAccount' for a transfer to the same account;
 * fields.transferCurrency 'validation.transferCurrency.mismatch' when the currency is not the
 * source account's), 403 not identified, 404 NOT_FOUND with fields.accNumberFrom
 * 'validation.accNumberFrom.notFound' (not the client's account) or fields.accNumberTo
 * 'validation.accNumberTo.notFound' (no such account), 422 INSUFFICIENT_FUNDS.
 */
export const internalTransferSchema = z
  .object({
    type: z.literal('internal'),
    accNumberFrom: accountNumberSchema,
    /** Recipient name as the client typed it (shown in statements). */
    fullName: optionalText(),
    accNumberTo: accountNumberSchema,
    email: optionalEmailSchema,
    transferDate: optionalDateSchema,
    amount: amountInputSchema,
    /** The transfer currency; when given it must be the source account's currency. */
    transferCurrency: accountCurrencySchema.optional(),
    /** docs/product.md mentions a separate currency field too; the same rule applies. */
    currency: accountCurrencySchema.optional(),
    reference: optionalText(),
    templateName: optionalText(),
    paymentMethod: optionalText(),
  })
  .superRefine((value, context) => {
    // The scale check needs the currency; when none is sent the server checks against the account's.
    const currency = value.transferCurrency ?? value.currency;
    if (currency) checkAmountScale(context, value.amount, currency, ['amount']);
    if (value.transferCurrency && value.currency && value.transferCurrency !== value.currency) {
      context.addIssue({ code: 'custom', message: 'validation.transferCurrency.mismatch', path: ['currency'] });
    }
  });
export type InternalTransferPayload = z.input<typeof internalTransferSchema>;
export type InternalTransferRequest = z.output<typeof internalTransferSchema>;
