import { z } from 'zod';
import { currencySchema, moneyStringSchema, requiredText } from '../accounts/fields';

/**
 * POST /api/transaction/cancel (bearer, identified client) {transactionNumber}: the client takes
 * back its own payment order. A Scheduled transfer is canceled free of charge; a transfer abroad
 * still waiting for the bank (New) is withdrawn: its hold is released and the fee (docs/product.md#tariffs-and-limits) for the
 * withdrawal of a payment order is charged in the account's currency. Send an `Idempotency-Key`
 * as with /transaction/create. 404 for an unknown number or another client's; 409 CONFLICT once
 * the bank has taken it into work or decided it, or for a kind that cannot be withdrawn; 422
 * INSUFFICIENT_FUNDS when the account cannot pay the fee.
 */
export const cancelTransferRequestSchema = z.object({ transactionNumber: requiredText(32) });
export type CancelTransferRequest = z.input<typeof cancelTransferRequestSchema>;

export const cancelTransferResponseSchema = z.object({
  status: z.literal('Canceled'),
  /** What the withdrawal cost, in the account's currency ('0.00' for a scheduled transfer). */
  fee: moneyStringSchema,
  currency: currencySchema,
});
export type CancelTransferResponse = z.infer<typeof cancelTransferResponseSchema>;
