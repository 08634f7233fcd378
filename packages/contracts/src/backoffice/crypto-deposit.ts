import { z } from 'zod';
import { amountInputSchema, checkAmountScale, moneyStringSchema } from '../accounts/fields';
import { cryptoCurrencySchema } from '../crypto/wallets';

/**
 * POST /api/backoffice/crypto-deposits (payments, admin): coins that arrived on the network at a
 * client's deposit address, booked to the wallet (clearing → client). `txHash` is the network's
 * transaction hash, accepted once only (a second booking of the same hash is a 409). Proposed by one operator and
 * booked when a second approves (approvals.ts). With Idempotency-Key like every money write.
 */
export const cryptoDepositRequestSchema = z
  .object({
    address: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    amount: amountInputSchema,
    currency: cryptoCurrencySchema,
    txHash: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      // Bitcoin and Solana hashes and signatures, and 0x-prefixed EVM hashes: letters and digits only.
      .regex(/^(0x)?[0-9A-Za-z]{32,128}$/, 'validation.txHash.invalid'),
    /** Why the maker proposes it, for the checker. */
    reason: z.string().trim().max(2000, 'validation.tooLong').optional(),
  })
  .superRefine((value, context) => checkAmountScale(context, value.amount, value.currency, ['amount']));
export type CryptoDepositRequest = z.input<typeof cryptoDepositRequestSchema>;

export const cryptoDepositResponseSchema = z.object({
  transactionNumber: z.string(),
  amount: moneyStringSchema,
  currency: cryptoCurrencySchema,
  /** Who the wallet belongs to, for the operator's confirmation. */
  holder: z.string(),
});
export type CryptoDepositResponse = z.infer<typeof cryptoDepositResponseSchema>;
