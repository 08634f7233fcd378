import { z } from 'zod';
import { kycFieldsSchema } from './kyc-form';

/**
 * POST /api/kyc/create (bearer): submits the KYC form; the client's status becomes New.
 * The account-type rules (kycFormSchema) are applied with the signed-in client's type.
 * Answers 'Created'; 409 CONFLICT while a submission is in review (`fields._` KYC_REFUSALS.inReview)
 * or once the client is identified (KYC_REFUSALS.approved).
 */
export const createKycRequestSchema = kycFieldsSchema;
export type CreateKycRequest = z.input<typeof createKycRequestSchema>;

export const createKycResponseSchema = z.literal('Created');
export type CreateKycResponse = z.infer<typeof createKycResponseSchema>;
