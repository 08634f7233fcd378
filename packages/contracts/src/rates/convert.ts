import type { z } from 'zod';
import { rateQuestionSchema, rateQuoteSchema } from './rate-quote';

/**
 * POST /api/converter/convert (no token): {from, to, amount} → {rate, convertedAmount, …}.
 * 400 VALIDATION_FAILED for an unknown currency or a bad amount (fields.from / fields.to / fields.amount).
 */
export const convertRequestSchema = rateQuestionSchema;
export type ConvertRequest = z.input<typeof convertRequestSchema>;

export const convertResponseSchema = rateQuoteSchema;
export type ConvertResponse = z.infer<typeof convertResponseSchema>;
