import { z } from 'zod';
import { accountTypeSchema } from '../auth/fields';
import { kycRecordSchema, kycStatusSchema } from '../kyc/kyc-record';

/** docs/product.md#data: which second factors the client has; only the e-mail code exists today. */
export const verificationsListSchema = z.object({
  emailVerifyEnabled: z.boolean(),
  twoFaVerifyEnabled: z.boolean(),
  phoneVerifyEnabled: z.boolean(),
});

export const DEFAULT_VERIFICATIONS = { emailVerifyEnabled: true, twoFaVerifyEnabled: false, phoneVerifyEnabled: false } as const;

/**
 * The user data of docs/product.md#data, answered by the final sign-in (POST /api/login) and GET /api/user/me;
 * the web app stores it as the user state. clientId is the client's ID number shown in settings.
 */
export const userDataSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  accountType: accountTypeSchema,
  clientId: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  callPhone: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postCode: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  salutation: z.string().nullable(),
  userToken: z.string(),
  /** closedByBank: the bank closed the client (closure/closure.ts); the cabinet shows only the closure. */
  flags: z.object({ kycStatus: kycStatusSchema.nullable(), closedByBank: z.boolean().optional() }),
  kycList: z.array(kycRecordSchema),
  phoneList: z.array(z.string()),
  verificationsList: verificationsListSchema,
});
export type UserData = z.infer<typeof userDataSchema>;
