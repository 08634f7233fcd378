import { z } from 'zod';
import { kycFieldsSchema } from './kyc-form';

export const kycIdSchema = z.uuid({ error: 'validation.kyc.id' });

/**
 * POST /api/kyc/update (bearer). A submission in review (status New) is not changed: the bank
 * decides on what it was sent, so the answer is 409 CONFLICT with `fields._` KYC_REFUSALS.inReview;
 * a decided one is 409 with KYC_REFUSALS.reviewed. Another client's kycId is 404, the same as one
 * that does not exist. The call stays for docs/product.md#client-calls; a client sends a new submission instead.
 */
export const updateKycRequestSchema = kycFieldsSchema.extend({ kycId: kycIdSchema });
export type UpdateKycRequest = z.input<typeof updateKycRequestSchema>;

export const updateKycResponseSchema = z.literal('Done');
export type UpdateKycResponse = z.infer<typeof updateKycResponseSchema>;
