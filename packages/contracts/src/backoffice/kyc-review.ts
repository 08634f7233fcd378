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

/** The largest version a submission can reach: the database keeps it in an integer column. */
export const KYC_VERSION_MAX = 2_147_483_647;

/**
 * What the operator reviewed: the submission's version, one more on every change to it. A decision
 * sends back the version the operator's screen showed and is refused when the submission has
 * changed since (KYC_DECISION_REFUSALS).
 */
export const kycVersionSchema = z
  .number({ error: 'validation.kyc.version' })
  .int('validation.kyc.version')
  .min(1, 'validation.kyc.version')
  .max(KYC_VERSION_MAX, 'validation.kyc.version');

/**
 * Enhanced due diligence (docs/bank-controls.md#high-risk-clients): a submission declaring a
 * politically exposed person (`pep`), or of a client compliance holds high-risk, needs two
 * decisions that agree, by different operators. Each decision before that is recorded here, and
 * the submission stays New (in review) until two agree; a disagreement waits for a third operator.
 */
export const KYC_ENHANCED_REVIEW_GROUNDS = ['pep', 'highRisk'] as const;
export type KycEnhancedReviewGround = (typeof KYC_ENHANCED_REVIEW_GROUNDS)[number];
export const kycRecordedDecisionSchema = z.object({
  operator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: z.enum(['Approved', 'Rejected']),
  reason: z.string().nullable(),
  version: z.number().int(),
  decidedAt: z.string(),
});
export type KycRecordedDecision = z.infer<typeof kycRecordedDecisionSchema>;
export const kycEnhancedReviewSchema = z.object({
  /** Why two decisions are needed; empty when one decides. */
  grounds: z.array(z.enum(KYC_ENHANCED_REVIEW_GROUNDS)),
  /** How many agreeing decisions by different operators decide the submission: 1 or 2. */
  decisionsNeeded: z.number().int(),
  /** The decisions recorded so far, oldest first (only where two are needed). */
  decisions: z.array(kycRecordedDecisionSchema),
});
export type KycEnhancedReview = z.infer<typeof kycEnhancedReviewSchema>;

export const kycReviewItemSchema = kycRecordSchema.extend({ version: z.number().int(), client: kycClientSchema, enhancedReview: kycEnhancedReviewSchema });
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;

export const kycQueueResponseSchema = pageSchema(kycReviewItemSchema);
export type KycQueueResponse = z.infer<typeof kycQueueResponseSchema>;

/** GET /api/backoffice/kyc/:kycId */
export const kycReviewResponseSchema = kycReviewItemSchema;

/** POST /api/backoffice/kyc/:kycId/approve {version}: approves the version the operator reviewed. */
export const kycApproveRequestSchema = z.object({ version: kycVersionSchema });
export type KycApproveRequest = z.input<typeof kycApproveRequestSchema>;

/** POST /api/backoffice/kyc/:kycId/reject {reason, version}: the reason the client reads on its KYC screen. */
export const kycRejectRequestSchema = z.object({ reason: requiredText(LIMITS.maxLongText), version: kycVersionSchema });
export type KycRejectRequest = z.input<typeof kycRejectRequestSchema>;

/**
 * Why a decision is refused, in `details.reason` of the error answer; nothing is decided then.
 * - `changed` (409 CONFLICT): the submission changed since the operator opened it;
 * - `decided` (409 CONFLICT): it was decided already, the other way or on another version;
 * - `ownClient` (403 FORBIDDEN): the client registered with the operator's own e-mail;
 * - `sameOperator` (403 FORBIDDEN): the submission needs two decisions and this operator has made
 *   one already: another operator must make the next.
 * With a 409, `details` also carries the submission's `version` and `status` as they are now, so
 * the screen can show it again.
 */
export const KYC_DECISION_REFUSALS = ['changed', 'decided', 'ownClient', 'sameOperator'] as const;
export type KycDecisionRefusal = (typeof KYC_DECISION_REFUSALS)[number];
export const kycDecisionConflictDetailsSchema = z.object({
  reason: z.enum(['changed', 'decided']),
  version: z.number().int(),
  status: kycStatusSchema,
});
export type KycDecisionConflictDetails = z.infer<typeof kycDecisionConflictDetailsSchema>;

/**
 * The answer of approve and reject: the submission's status after the call, and, when the call
 * recorded a decision that waits for another operator's (enhanced due diligence), `awaitingDecision: true`.
 */
export const kycDecisionResponseSchema = z.object({ kycId: z.string(), status: kycStatusSchema, awaitingDecision: z.literal(true).optional() });
export type KycDecisionResponse = z.infer<typeof kycDecisionResponseSchema>;
