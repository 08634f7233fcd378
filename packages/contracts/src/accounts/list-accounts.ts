import { z } from 'zod';
import { FIAT_CURRENCIES } from '../money';
import { moneyStringSchema } from './fields';

/**
 * GET /api/account/list (bearer): the signed-in client's accounts, oldest first.
 * 401 'Invalid authorization data' without a live token.
 */
export const accountSchema = z.object({
  /** Account number with check digits (see account-number.ts). */
  number: z.string(),
  /** Available balance: booked minus funds held for pending transfers. What the client may spend. */
  balance: moneyStringSchema,
  /** Booked balance: settled postings only. */
  bookedBalance: moneyStringSchema,
  currency: z.enum(FIAT_CURRENCIES),
  /** Stable opaque identifier of the account (React key, links). */
  key: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const listAccountsResponseSchema = z.array(accountSchema);
export type ListAccountsResponse = z.infer<typeof listAccountsResponseSchema>;
