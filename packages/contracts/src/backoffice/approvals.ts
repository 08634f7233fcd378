import { z } from 'zod';
import { requiredText } from '../accounts/fields';
import { LIMITS } from '../protocol';
import { pageNumberSchema, pageSchema } from './paging';
import type { BackofficeArea } from './roles';

/**
 * Four eyes (docs/bank-controls.md): every act that creates, moves or re-prices money, or grants power, is a
 * proposal by one operator (its kind, payload, the maker and a reason) applied only when a
 * different operator whose roles open the kind's area approves it. The maker may withdraw it, a
 * checker may reject it with a reason; each proposal is decided once.
 */
export const APPROVAL_KINDS = [
  /** An incoming payment from another bank, to be credited to a client's account. */
  'incomingPayment',
  /** Coins that arrived on the network at a client's deposit address. */
  'cryptoDeposit',
  /** A booked transfer corrected by a new, reversing entry. */
  'reversal',
  /** A mid rate moved more than RATE_CHANGE_FREE_PERCENT from the last ECB reference. */
  'rate',
  /** The spread on exchange. */
  'spread',
  /** An operator invited, whatever their roles. */
  'operatorInvite',
  /** An operator's roles changed. */
  'operatorRoles',
  /** A deactivated operator let back in. */
  'operatorReactivate',
  /** An operator's authenticator reset: a new enrolment link, the old password no longer signs in. */
  'operatorResetAuthenticator',
  /** The second approval of a transfer that needs two (its value, or the client's day abroad). */
  'transferRelease',
  /** A new table of deposit rates, for the deposits opened after it. */
  'depositRates',
  /** An ECB daily rate file uploaded by hand (only the daily feed loads a file alone). */
  'ecbFile',
  /** A client marked high-risk, or back to standard, by compliance. */
  'clientRisk',
  /** A new monthly fee for the service of a high-risk client. */
  'highRiskFee',
  /** A client closed for a breach of the bank's policy: sessions end, the closing fee, no new money, the rest paid out. */
  'clientClosure',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Who may propose and who may check each kind: the roles that open the area. */
export const APPROVAL_AREAS = {
  incomingPayment: 'payments',
  cryptoDeposit: 'payments',
  reversal: 'payments',
  rate: 'rates',
  spread: 'rates',
  operatorInvite: 'operators',
  operatorRoles: 'operators',
  operatorReactivate: 'operators',
  operatorResetAuthenticator: 'operators',
  transferRelease: 'payments',
  // Re-pricing, as FX rate changes are.
  depositRates: 'rates',
  ecbFile: 'rates',
  // A compliance judgement: proposed and checked by those who decide KYC.
  clientRisk: 'kyc',
  // Re-pricing, as the deposit rates are.
  highRiskFee: 'rates',
  // A compliance judgement, as the risk level is.
  clientClosure: 'kyc',
} as const satisfies Record<ApprovalKind, BackofficeArea>;

export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** A rate may move this far from the last ECB reference on one admin's word; further needs a second. */
export const RATE_CHANGE_FREE_PERCENT = 2;

/** Warnings the checker must see before approving; `possibleDuplicate` must also be confirmed. */
export const APPROVAL_WARNINGS = ['possibleDuplicate'] as const;
export type ApprovalWarning = (typeof APPROVAL_WARNINGS)[number];

const operatorRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const approvalItemSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** What the act will do once approved, as proposed (the kind's own shape). */
  payload: z.record(z.string(), z.unknown()),
  /** One line the queue shows (e.g. "250000.00 EUR to 4081…"), in no language: figures and names. */
  summary: z.string(),
  reason: z.string(),
  maker: operatorRefSchema,
  createdAt: z.string(),
  checker: operatorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** A checker's reason for rejecting. */
  decisionReason: z.string().nullable(),
  warnings: z.array(z.enum(APPROVAL_WARNINGS)),
  /** For a possible duplicate: the transaction numbers it may repeat. */
  duplicateOf: z.array(z.string()),
  /** What applying it produced (e.g. `{transactionNumber}`), once approved. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

/** GET /api/backoffice/approvals?status&kind&page: proposals of the kinds the operator's roles open; Pending first by default. */
export const approvalsQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES, { error: 'validation.status.invalid' }).optional(),
  kind: z.enum(APPROVAL_KINDS, { error: 'validation.type.invalid' }).optional(),
  page: pageNumberSchema,
});
export type ApprovalsQuery = z.input<typeof approvalsQuerySchema>;
export const approvalsResponseSchema = pageSchema(approvalItemSchema);
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

/** POST /api/backoffice/approvals/:approvalId/approve: a possible duplicate is booked only with `confirmDuplicate: true`. */
export const approveRequestSchema = z.object({ confirmDuplicate: z.boolean().optional().default(false) }).default({ confirmDuplicate: false });
export type ApproveRequest = z.input<typeof approveRequestSchema>;

/** POST …/reject {reason}: the checker's reason, shown to the maker. */
export const rejectApprovalRequestSchema = z.object({ reason: requiredText(LIMITS.maxLongText) });
export type RejectApprovalRequest = z.input<typeof rejectApprovalRequestSchema>;

/** The reason a maker gives with any proposal. */
export const proposalReasonSchema = requiredText(LIMITS.maxLongText);

/** POST /api/backoffice/reversals {transactionNumber, reason}: proposes the reversal of a booked transfer. */
export const reversalRequestSchema = z.object({ transactionNumber: requiredText(32), reason: proposalReasonSchema });
export type ReversalRequest = z.input<typeof reversalRequestSchema>;

/** What a call that proposes answers: the proposal, waiting for a second operator. */
export const proposedResponseSchema = z.object({ approval: approvalItemSchema });
export type ProposedResponse = z.infer<typeof proposedResponseSchema>;
