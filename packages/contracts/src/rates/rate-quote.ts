import { z } from 'zod';
import { amountFitsCurrencyOf, amountInputSchema, currencySchema, moneyStringSchema } from '../accounts/fields';

/**
 * A client rate is a decimal string with this many significant digits ("1.0769885",
 * "0.000010733942"). It already includes the bank's spread: the rate shown is the rate booked.
 */
export const RATE_SIGNIFICANT_DIGITS = 8;

/** The question behind every quote: how much `to` for `amount` of `from` (amount 1 when omitted). */
export const rateQuestionSchema = z
  .object({
    from: currencySchema,
    to: currencySchema,
    amount: amountInputSchema.optional().transform((value) => value ?? '1'),
  })
  .superRefine(amountFitsCurrencyOf('from'));
export type RateQuestion = z.input<typeof rateQuestionSchema>;

/** The answer of every quote. */
export const rateQuoteSchema = z.object({
  from: currencySchema,
  to: currencySchema,
  /** The amount asked about, in `from`, with its scale. */
  amount: moneyStringSchema,
  /** Units of `to` per one unit of `from`, spread included, RATE_SIGNIFICANT_DIGITS significant digits. */
  rate: z.string(),
  /** amount × rate, rounded down to the scale of `to` (what an exchange would credit). */
  convertedAmount: moneyStringSchema,
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;
