import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { LIMITS } from '../protocol';
import { kycRecordSchema, kycStatusSchema } from '../kyc/kyc-record';
import { pageNumberSchema, pageSchema } from './paging';

/** GET /api/backoffice/kyc?status=New&page= (compliance, admin): submissions, newest first. */
export const kycQueueQuerySchema = z.object({
  status: kycStatusSchema.default('New'),
  page: pageNumberSchema,
});
export type KycQueueQuery = z.input<typeof kycQueueQuerySchema>;

/** Who submitted: the client behind a submission. */
export const kycClientSchema = z.object({
  clientId: z.string(),
  clientNumber: z.string(),
  email: z.string(),
  phone: z.string(),
});

export const kycReviewItemSchema = kycRecordSchema.extend({ client: kycClientSchema });
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;

export const kycQueueResponseSchema = pageSchema(kycReviewItemSchema);
export type KycQueueResponse = z.infer<typeof kycQueueResponseSchema>;

/** GET /api/backoffice/kyc/:kycId */
export const kycReviewResponseSchema = kycReviewItemSchema;

/** POST /api/backoffice/kyc/:kycId/reject: the reason the client reads on its KYC screen. */
export const kycRejectRequestSchema = z.object({ reason: requiredText(LIMITS.maxLongText) });
export type KycRejectRequest = z.input<typeof kycRejectRequestSchema>;

/** The answer of approve and reject: the submission's status after the call. */
export const kycDecisionResponseSchema = z.object({ kycId: z.string(), status: kycStatusSchema });
export type KycDecisionResponse = z.infer<typeof kycDecisionResponseSchema>;
