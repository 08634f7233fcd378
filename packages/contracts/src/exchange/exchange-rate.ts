import type { z } from 'zod';
import { rateQuestionSchema, rateQuoteSchema } from '../rates/rate-quote';

/**
 * GET /api/exchange/rate?from=EUR&to=USD&amount=100 (no token needed): the quote the exchange
 * screen shows; amount defaults to 1. The `rate` answered is what POST /api/transaction/create
 * with type 'exchange' expects back in its `rate` field. 400 for an unknown currency or bad amount.
 */
export const exchangeRateQuerySchema = rateQuestionSchema;
export type ExchangeRateQuery = z.input<typeof exchangeRateQuerySchema>;

export const exchangeRateResponseSchema = rateQuoteSchema;
export type ExchangeRateResponse = z.infer<typeof exchangeRateResponseSchema>;
