import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { kycRecordSchema, kycStatusSchema } from '../kyc/kyc-record';
import { transactionRecordSchema } from '../transfers/transaction-record';
import { searchTextSchema } from './paging';

/** GET /api/backoffice/clients?query= (every operator, read-only): e-mail, phone, name, company or account number. */
export const CLIENT_SEARCH_LIMIT = 50;
export const clientSearchQuerySchema = z.object({ query: searchTextSchema });

export const clientSummarySchema = z.object({
  clientId: z.string(),
  clientNumber: z.string(),
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  accountType: z.enum(['personal', 'business']),
  kycStatus: kycStatusSchema.nullable(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
export const clientSearchResponseSchema = z.object({ items: z.array(clientSummarySchema) });
export type ClientSearchResponse = z.infer<typeof clientSearchResponseSchema>;

/** GET /api/backoffice/clients/:clientId */
export const clientCardSchema = z.object({
  client: clientSummarySchema.extend({
    emailVerified: z.boolean(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    postCode: z.string().nullable(),
  }),
  kyc: z.array(kycRecordSchema),
  accounts: z.array(z.object({ number: z.string(), currency: z.string(), balance: moneyStringSchema, available: moneyStringSchema })),
  /** The latest rows of the client's statement, newest first. */
  transactions: z.array(transactionRecordSchema),
});
export type ClientCard = z.infer<typeof clientCardSchema>;
