import { z } from 'zod';
import { accountCurrencySchema } from './fields';
import { accountSchema } from './list-accounts';

/**
 * POST /api/account/create (bearer): opens an account in one currency.
 * 200 with the new account; 400 unknown or missing currency; 403 FORBIDDEN when the client is not
 * identified (KYC not Approved); 409 CONFLICT when the client already has an account in that currency.
 */
export const createAccountRequestSchema = z.object({
  currencies: z
    .array(accountCurrencySchema, { error: 'validation.currency.required' })
    .length(1, 'validation.currency.required'),
});
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

export const createAccountResponseSchema = accountSchema;
export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;
