import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { kycRecordSchema, kycStatusSchema } from '../kyc/kyc-record';
import { transactionRecordSchema } from '../transfers/transaction-record';
import { closureStatusSchema } from '../closure/closure';
import { approvalItemSchema, proposalReasonSchema } from './approvals';
import { searchTextSchema } from './paging';

/** GET /api/backoffice/clients?query= (every operator, read-only): e-mail, phone, name, company or account number. */
export const CLIENT_SEARCH_LIMIT = 50;
export const clientSearchQuerySchema = z.object({ query: searchTextSchema });

export const clientSummarySchema = z.object({
  clientId: z.string(),
  clientNumber: z.string(),
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  accountType: z.enum(['personal', 'business']),
  kycStatus: kycStatusSchema.nullable(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;
export const clientSearchResponseSchema = z.object({ items: z.array(clientSummarySchema) });
export type ClientSearchResponse = z.infer<typeof clientSearchResponseSchema>;

/**
 * A client's risk level (docs/bank-controls.md#high-risk-clients): standard until compliance marks
 * the client high-risk. A high-risk client's KYC needs two decisions by different operators, and
 * the client pays the high-risk service fee each month.
 */
export const CLIENT_RISK_LEVELS = ['standard', 'high'] as const;
export const clientRiskLevelSchema = z.enum(CLIENT_RISK_LEVELS, { error: 'validation.riskLevel.invalid' });
export type ClientRiskLevel = z.infer<typeof clientRiskLevelSchema>;

/**
 * POST /api/backoffice/clients/:clientId/risk {level, reason} (compliance, admin): proposes marking
 * the client high-risk, or back to standard. It holds only when a second such operator approves it
 * (approval kind 'clientRisk'); the answer is 202 with the proposal. The level the client has
 * already is a 409 (details.reason 'riskUnchanged'), and so is a second proposal about the client
 * while one waits ('alreadyProposed').
 */
export const clientRiskRequestSchema = z.object({ level: clientRiskLevelSchema, reason: proposalReasonSchema });
export type ClientRiskRequest = z.input<typeof clientRiskRequestSchema>;

/** The payload of a 'clientRisk' proposal: the change, the level it replaces, and the reason kept with the change in the client's history. */
export const clientRiskPayloadSchema = z.object({ clientId: z.uuid(), level: clientRiskLevelSchema, previous: clientRiskLevelSchema, reason: z.string() });
export type ClientRiskPayload = z.infer<typeof clientRiskPayloadSchema>;

const riskOperatorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** One change of a client's risk level: what it became, why, who proposed and who approved it, and when it held. */
export const clientRiskChangeSchema = z.object({
  level: clientRiskLevelSchema,
  reason: z.string(),
  proposedBy: riskOperatorSchema,
  approvedBy: riskOperatorSchema,
  changedAt: z.string(),
  approvalId: z.string(),
});
export type ClientRiskChange = z.infer<typeof clientRiskChangeSchema>;

/** The client's risk level now, its changes newest first, and the proposal of a change waiting, if any. */
export const clientRiskSchema = z.object({
  level: clientRiskLevelSchema,
  history: z.array(clientRiskChangeSchema),
  pending: approvalItemSchema.nullable(),
});
export type ClientRisk = z.infer<typeof clientRiskSchema>;

/** The answer of POST …/risk: the proposal, waiting for a second operator. */
export const clientRiskProposedResponseSchema = z.object({ approval: approvalItemSchema });
export type ClientRiskProposedResponse = z.infer<typeof clientRiskProposedResponseSchema>;

/**
 * POST /api/backoffice/clients/:clientId/closure {reason} (compliance, admin): proposes closing the
 * client for a breach of the bank's policy (approval kind 'clientClosure'); it holds only when a
 * second operator of compliance approves it, and the answer is 202 with the proposal. A client closed
 * already is a 409 (details.reason 'alreadyClosed'), as is a second proposal while one waits.
 */
export const clientClosureRequestSchema = z.object({ reason: proposalReasonSchema });
export type ClientClosureRequest = z.input<typeof clientClosureRequestSchema>;

/** The payload of a 'clientClosure' proposal. */
export const clientClosurePayloadSchema = z.object({ clientId: z.uuid(), reason: z.string() });
export type ClientClosurePayload = z.infer<typeof clientClosurePayloadSchema>;

/** The closure on the client's card: who closed the client and why, the fee and each account's state; and a proposal waiting. */
export const clientClosureCardSchema = z.object({
  closure: closureStatusSchema
    .extend({
      reason: z.string(),
      proposedBy: riskOperatorSchema,
      approvedBy: riskOperatorSchema,
      /** What of the closing fee the accounts could not pay. */
      feeUnpaid: moneyStringSchema,
    })
    .nullable(),
  pending: approvalItemSchema.nullable(),
});
export type ClientClosureCard = z.infer<typeof clientClosureCardSchema>;

/** GET /api/backoffice/clients/:clientId */
export const clientCardSchema = z.object({
  client: clientSummarySchema.extend({
    emailVerified: z.boolean(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    postCode: z.string().nullable(),
  }),
  kyc: z.array(kycRecordSchema),
  accounts: z.array(z.object({ number: z.string(), currency: z.string(), balance: moneyStringSchema, available: moneyStringSchema })),
  /** The latest rows of the client's statement, newest first. */
  transactions: z.array(transactionRecordSchema),
  risk: clientRiskSchema,
  closure: clientClosureCardSchema,
});
export type ClientCard = z.infer<typeof clientCardSchema>;
