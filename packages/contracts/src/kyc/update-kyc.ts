import { z } from 'zod';
import { kycFieldsSchema } from './kyc-form';

export const kycIdSchema = z.uuid({ error: 'validation.kyc.id' });

/**
 * POST /api/kyc/update (bearer): corrects a submission that is still in review (status New).
 * Another client's kycId is 404, the same as one that does not exist; a decided one is 409.
 */
export const updateKycRequestSchema = kycFieldsSchema.extend({ kycId: kycIdSchema });
export type UpdateKycRequest = z.input<typeof updateKycRequestSchema>;

export const updateKycResponseSchema = z.literal('Done');
export type UpdateKycResponse = z.infer<typeof updateKycResponseSchema>;
