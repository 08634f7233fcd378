import { z } from 'zod';
import { amountInputSchema, checkAmountScale, currencySchema } from '../accounts/fields';
import { isValidAccountNumber } from '../accounts/account-number';
import { isCryptoAddressOfAnyNetwork } from '../crypto/addresses';

/**
 * The exchange payload of POST /api/transaction/create (docs/product.md#data): sells `amount` of
 * `forAmountCurrency` from `accNumberFrom` and credits `getAmountCurrency` to `accNumberTo`, both
 * accounts the client's own. Booked through the bank's FX position accounts at once (Approved).
 *
 * The client confirms a rate: send the `rate` string of the quote shown (GET /api/exchange/rate).
 * If the rate on offer is no longer that rate, or `toAmount` is more than `amount` × the current
 * rate gives, the answer is 409 RATE_CHANGED with `details: {rate, convertedAmount}` (the new
 * quote for `amount`); show it and ask again. The credit is `amount` × rate rounded down to the
 * target currency's scale (never less than a `toAmount` the server accepted).
 *
 * Other answers: 400 VALIDATION_FAILED (fields: amount 'validation.amount.tooManyDecimals' |
 * 'validation.amount.notPositive' | 'validation.amount.invalid'; forAmountCurrency /
 * getAmountCurrency 'validation.exchange.currencyMismatch' when they are not the accounts'
 * currencies; accNumberTo 'validation.exchange.sameCurrency'), 403 not identified, 404 an account
 * that is not the client's, 422 INSUFFICIENT_FUNDS.
 *
 * Crypto conversion (docs/product.md#tariffs-and-limits): when either side is one of the client's crypto wallets (its address
 * in accNumberFrom or accNumberTo), the same payload asks for a conversion between a wallet and an
 * account or two wallets. It is not booked at once: amount + the fee of its tier
 * (CRYPTO_CONVERSION_FEE_TIERS, quoted by GET /api/exchange/conversion-quote) are held, and it waits
 * (New) for a payments operator, who books it at the rate confirmed or denies it.
 */
/** An account number of this bank, or a wallet's deposit address (crypto conversion). */
const accountOrWalletSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong')
  .refine((value) => isValidAccountNumber(value) || isCryptoAddressOfAnyNetwork(value), 'validation.accountNumber.invalid');

export const exchangePayloadSchema = z
  .object({
    type: z.literal('exchange'),
    accNumberFrom: accountOrWalletSchema,
    accNumberTo: accountOrWalletSchema,
    amount: amountInputSchema,
    forAmountCurrency: currencySchema,
    toAmount: amountInputSchema.optional(),
    getAmountCurrency: currencySchema,
    /** The rate the client saw and confirmed (decimal string from the quote). */
    rate: z
      .string({ error: 'validation.rate.invalid' })
      .trim()
      .regex(/^\d{1,30}(\.\d{1,30})?$/, 'validation.rate.invalid')
      .optional(),
  })
  .superRefine((value, context) => {
    checkAmountScale(context, value.amount, value.forAmountCurrency, ['amount']);
    if (value.toAmount !== undefined) checkAmountScale(context, value.toAmount, value.getAmountCurrency, ['toAmount']);
    if (value.forAmountCurrency === value.getAmountCurrency) {
      context.addIssue({ code: 'custom', message: 'validation.exchange.sameCurrency', path: ['getAmountCurrency'] });
    }
  });
export type ExchangePayload = z.input<typeof exchangePayloadSchema>;
export type ExchangeRequest = z.output<typeof exchangePayloadSchema>;

/** details of a 409 RATE_CHANGED answer. */
export const rateChangedDetailsSchema = z.object({ rate: z.string(), convertedAmount: z.string() });
export type RateChangedDetails = z.infer<typeof rateChangedDetailsSchema>;
