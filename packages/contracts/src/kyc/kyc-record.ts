import { z } from 'zod';
import { accountTypeSchema } from '../auth/fields';
import { FIAT_CURRENCIES } from '../money';
import { IDENTITY_CARD_TYPES, SOURCES_OF_WEALTH } from './constants';

/** SPEC §4: New is in review; Approved makes the client identified; Rejected asks for the form again. */
export const KYC_STATUSES = ['New', 'Approved', 'Rejected'] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** SPEC §4: a client is identified when its KYC status is set and is neither New nor Rejected. */
export function isIdentified(kycStatus: KycStatus | null | undefined): boolean {
  return Boolean(kycStatus) && kycStatus !== 'New' && kycStatus !== 'Rejected';
}

/** One KYC submission as the client reads it back (SPEC §3: records carry kycId). */
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
