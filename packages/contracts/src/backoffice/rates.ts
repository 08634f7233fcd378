import { z } from 'zod';
import { currencySchema } from '../accounts/fields';
import { CURRENCIES, type Currency } from '../money';
import { approvalItemSchema } from './approvals';

/**
 * Rates (admin). Every rate is a mid rate in units of a currency per 1 EUR; clients are offered
 * the mid rate less the bank's spread (basis points, 50 = 0.50 %).
 */
export const RATE_SOURCES = ['snapshot', 'operator', 'ecb'] as const;
export const MAX_SPREAD_BASIS_POINTS = 1000;

export const rateRowSchema = z.object({
  currency: z.enum(CURRENCIES as [Currency, ...Currency[]]),
  /** Units per 1 EUR. */
  perEur: z.string(),
  source: z.enum(RATE_SOURCES),
  rateDate: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RateRow = z.infer<typeof rateRowSchema>;

/** GET /api/backoffice/rates */
export const ratesResponseSchema = z.object({ spreadBasisPoints: z.number().int(), rates: z.array(rateRowSchema) });
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

/** A positive decimal rate with at most 12 decimals. */
const rateTextSchema = z
  .string({ error: 'validation.rate.invalid' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'validation.rate.invalid')
  .refine((value) => /[1-9]/.test(value), 'validation.rate.invalid');

/** PUT /api/backoffice/rates {pair: 'EUR/USD', rate: '1.0823'}: USD per 1 EUR. EUR is always the base. */
export const setRateRequestSchema = z.object({
  pair: z
    .string({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .regex(/^EUR\/[A-Z]{3,4}$/, 'validation.rate.pair')
    .refine((pair) => pair !== 'EUR/EUR' && currencySchema.safeParse(pair.slice(4)).success, 'validation.rate.pair'),
  rate: rateTextSchema,
  /** Why: the second admin reads it when the change needs one. */
  reason: z.string().trim().max(2000, 'validation.tooLong').optional(),
});
export type SetRateRequest = z.input<typeof setRateRequestSchema>;

/** PUT /api/backoffice/rates/spread */
export const setSpreadRequestSchema = z.object({
  basisPoints: z.coerce
    .number({ error: 'validation.spread.invalid' })
    .int('validation.spread.invalid')
    .min(0, 'validation.spread.invalid')
    .max(MAX_SPREAD_BASIS_POINTS, 'validation.spread.invalid'),
  reason: z.string().trim().max(2000, 'validation.tooLong').optional(),
});

/**
 * What PUT /rates and PUT /rates/spread answer: the rates as they stand, and the proposal when the
 * change waits for a second admin (a spread change always; a rate moved more than
 * RATE_CHANGE_FREE_PERCENT from the last ECB reference).
 */
export const rateChangeResponseSchema = ratesResponseSchema.extend({ approval: approvalItemSchema.nullable() });
export type RateChangeResponse = z.infer<typeof rateChangeResponseSchema>;
export type SetSpreadRequest = z.input<typeof setSpreadRequestSchema>;

/**
 * POST /api/backoffice/rates/ecb: the ECB's daily reference file (eurofxref-daily.xml) as text. A file
 * uploaded by hand is a proposal: it answers 202 with it, and the rates hold once a second admin
 * approves it (only the daily feed loads a file alone).
 */
export const ECB_FILE_MAX_CHARS = 32 * 1024;
export const ecbUploadRequestSchema = z.object({
  xml: z.string({ error: 'validation.ecbFile.invalid' }).min(1, 'validation.ecbFile.invalid').max(ECB_FILE_MAX_CHARS, 'validation.ecbFile.tooLarge'),
  /** Why: the second admin reads it. */
  reason: z.string().trim().max(2000, 'validation.tooLong').optional(),
});
export const ecbUploadResponseSchema = z.object({ approval: approvalItemSchema });
export type EcbUploadResponse = z.infer<typeof ecbUploadResponseSchema>;
