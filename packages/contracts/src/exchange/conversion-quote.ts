import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { decimalToMinor } from '../money';
import { rateQuestionSchema, rateQuoteSchema } from '../rates/rate-quote';
import { CRYPTO_CONVERSION_FEE_TIERS } from '../tariffs';

/**
 * GET /api/exchange/conversion-quote?from=BTC&to=EUR&amount=0.5 (bearer): the quote of a crypto
 * conversion as the exchange screen's summary shows it: the rate and what is credited, and the fee
 * of the amount's tier (docs/product.md#tariffs-and-limits, up to 2.5 % by volume) charged on top in the currency sold.
 */
export const conversionQuoteQuerySchema = rateQuestionSchema;
export type ConversionQuoteQuery = z.input<typeof conversionQuoteQuerySchema>;

export const conversionQuoteSchema = rateQuoteSchema.extend({
  fee: moneyStringSchema,
  feeBasisPoints: z.number().int(),
  /** amount + fee: what is held now and debited at approval. */
  total: moneyStringSchema,
  /** The amount valued in EUR at the day's mid rate, which picks the tier. */
  amountEur: moneyStringSchema,
});
export type ConversionQuote = z.infer<typeof conversionQuoteSchema>;

/** The fee tier (basis points) of a conversion worth `amountEurMinor` euro cents. */
export function conversionFeeBasisPoints(amountEurMinor: bigint): number {
  for (const tier of CRYPTO_CONVERSION_FEE_TIERS) {
    if (tier.upToEur === null || amountEurMinor <= decimalToMinor(tier.upToEur, 'EUR')) return tier.basisPoints;
  }
  throw new Error('The last conversion tier has no bound');
}
