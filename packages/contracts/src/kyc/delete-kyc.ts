import { z } from 'zod';
import { kycIdSchema } from './update-kyc';

/**
 * POST /api/kyc/delete (bearer): withdraws a submission still in review (status New); the client's
 * status falls back to its previous decision. Another client's kycId is 404; a decided one is 409
 * with `fields._` KYC_REFUSALS.reviewed. A withdrawn submission is gone: an operator's decision on
 * it is 404, and a new submission has an id of its own.
 */
export const deleteKycRequestSchema = z.object({ kycId: kycIdSchema });
export type DeleteKycRequest = z.input<typeof deleteKycRequestSchema>;

export const deleteKycResponseSchema = z.literal('Done');
export type DeleteKycResponse = z.infer<typeof deleteKycResponseSchema>;
