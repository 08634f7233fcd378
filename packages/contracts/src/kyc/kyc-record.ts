import { z } from 'zod';
import { accountTypeSchema } from '../auth/fields';
import { FIAT_CURRENCIES } from '../money';
import { IDENTITY_CARD_TYPES, SOURCES_OF_WEALTH } from './constants';
import { KYC_STATUSES } from './kyc-status';

export const kycStatusSchema = z.enum(KYC_STATUSES);

/** One KYC submission as the client reads it back (docs/product.md#data: records carry kycId). */
export const kycRecordSchema = z.object({
  kycId: z.string(),
  status: kycStatusSchema,
  accountType: accountTypeSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  identityCardType: z.enum(IDENTITY_CARD_TYPES).nullable(),
  identityCardId: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  taxNumber: z.string().nullable(),
  sourcesOfWealth: z.array(z.enum(SOURCES_OF_WEALTH)),
  isOtherSourcesOfWealth: z.boolean(),
  otherSourcesOfWealth: z.string().nullable(),
  pep: z.boolean(),
  currencies: z.array(z.enum(FIAT_CURRENCIES)),
  /** The operator's reason when Rejected. */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type KycRecord = z.infer<typeof kycRecordSchema>;
