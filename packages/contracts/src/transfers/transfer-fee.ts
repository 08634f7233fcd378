import { z } from 'zod';
import { accountCurrencySchema, amountFitsCurrencyOf, amountInputSchema, moneyStringSchema } from '../accounts/fields';

/**
 * GET /api/transaction/fee?amount=1000&currency=USD (no token needed): the fee of an international
 * transfer of `amount`, shown before the client confirms. 0.30 % of the amount, at least 50 and at
 * most 2000 EUR, the limits converted to `currency` at the day's rate. 400 for a bad amount or currency.
 */
export const transferFeeQuerySchema = z.object({ amount: amountInputSchema, currency: accountCurrencySchema }).superRefine(amountFitsCurrencyOf('currency'));
export type TransferFeeQuery = z.input<typeof transferFeeQuerySchema>;

export const transferFeeResponseSchema = z.object({
  amount: moneyStringSchema,
  currency: accountCurrencySchema,
  fee: moneyStringSchema,
  /** amount + fee: what is held on the account. */
  total: moneyStringSchema,
  /** Fee rate in basis points (30 = 0.30 %). */
  rateBasisPoints: z.number().int(),
  /** The EUR limits of the tariff, converted to `currency`. */
  minimumFee: moneyStringSchema,
  maximumFee: moneyStringSchema,
});
export type TransferFeeResponse = z.infer<typeof transferFeeResponseSchema>;
