import { z } from 'zod';
import { PROTOCOL } from '../protocol';
import { exchangePayloadSchema } from '../exchange/create-exchange';
import { internalTransferSchema } from './create-internal-transfer';
import { internationalTransferSchema } from './create-international-transfer';

/**
 * POST /api/transaction/create (bearer): one of the three payloads, told apart by `type`.
 * Send an `Idempotency-Key` header (a fresh UUID per submission, reused on its retries): the same
 * key and body answer the first success again without moving money twice; the same key with
 * another body is 409 CONFLICT. A failed attempt moves nothing and leaves no trace.
 * Success: 200 with the JSON string "Created". 401 'Invalid authorization data' without a token.
 */
export const createTransactionRequestSchema = z.discriminatedUnion(
  'type',
  [internalTransferSchema, internationalTransferSchema, exchangePayloadSchema],
  { error: 'validation.transactionType.invalid' },
);
export type CreateTransactionPayload = z.input<typeof createTransactionRequestSchema>;
export type CreateTransactionRequest = z.output<typeof createTransactionRequestSchema>;

export const createTransactionResponseSchema = z.literal(PROTOCOL.created);
export type CreateTransactionResponse = z.infer<typeof createTransactionResponseSchema>;

/** Idempotency keys: printable, at most this long. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;
