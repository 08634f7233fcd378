import { z } from 'zod';
import { transactionRecordSchema } from './transaction-record';

/** Rows answered when no limit is asked for, and the most ever answered at once. */
export const TRANSACTION_LIST_DEFAULT_LIMIT = 200;
export const TRANSACTION_LIST_MAX_LIMIT = 1000;

/**
 * GET /api/transaction/list (bearer): the client's own rows, newest first. Optional query:
 * accountNumber (only that account; 404 if it is not the client's) and limit (1..1000, default 200).
 * The full statement with filters, paging and balances is GET /api/statement.
 */
export const listTransactionsQuerySchema = z.object({
  accountNumber: z.string().trim().min(1).max(40).optional(),
  limit: z.coerce
    .number({ error: 'validation.limit.invalid' })
    .int('validation.limit.invalid')
    .min(1, 'validation.limit.invalid')
    .max(TRANSACTION_LIST_MAX_LIMIT, 'validation.limit.invalid')
    .optional(),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;

export const listTransactionsResponseSchema = z.array(transactionRecordSchema);
export type ListTransactionsResponse = z.infer<typeof listTransactionsResponseSchema>;
