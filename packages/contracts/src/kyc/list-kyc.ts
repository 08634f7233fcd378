import { z } from 'zod';
import { kycRecordSchema } from './kyc-record';

/** GET /api/kyc/list (bearer): the signed-in client's KYC submissions, newest first. */
export const listKycResponseSchema = z.array(kycRecordSchema);
export type ListKycResponse = z.infer<typeof listKycResponseSchema>;
