import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { HIGH_RISK_CLIENT_FEE } from '../tariffs';
import { approvalItemSchema, proposalReasonSchema } from './approvals';

/**
 * The monthly fee for the service of a high-risk client (docs/product.md#tariffs-and-limits, "set by
 * the bank"; docs/bank-controls.md#high-risk-clients): a bank setting, changed only by a four-eyes
 * proposal (kind 'highRiskFee', the roles of rate changes). Before any change the tariff's
 * HIGH_RISK_CLIENT_FEE.defaultAmount is in force.
 */

/** The highest monthly amount an operator may set: 100,000.00 EUR, in cents. */
export const HIGH_RISK_FEE_MAX_CENTS = 10_000_000;

/** An amount in EUR as an operator types it ("100", "99.5", "99,50"): 0 (no fee) up to the maximum, read as "99.50". */
export const highRiskFeeAmountSchema = z
  .union([z.string(), z.number()], { error: 'validation.highRiskFee.invalid' })
  .transform((value, context) => {
    const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(String(value).trim());
    const whole = match ? Number(match[1]) : 0;
    const cents = match ? Number((match[2] ?? '').padEnd(2, '0')) : 0;
    if (!match || whole * 100 + cents > HIGH_RISK_FEE_MAX_CENTS) {
      context.addIssue({ code: 'custom', message: 'validation.highRiskFee.invalid' });
      return z.NEVER;
    }
    return `${whole}.${String(cents).padStart(2, '0')}`;
  });

/**
 * PUT /api/backoffice/fees/high-risk {amount, reason} (admin): proposes a new monthly amount in EUR.
 * It holds once a second admin approves it; the answer (202) is the fee in force with the proposal
 * waiting. The amount in force already is a 409 (details.reason 'feeUnchanged'), and so is a second
 * proposal while one waits ('alreadyProposed').
 */
export const highRiskFeeProposalSchema = z.object({ amount: highRiskFeeAmountSchema, reason: proposalReasonSchema });
export type HighRiskFeeProposal = z.input<typeof highRiskFeeProposalSchema>;

/** The payload of a 'highRiskFee' proposal: the new amount, the one in force and its version (null: the tariff's default). */
export const highRiskFeePayloadSchema = z.object({
  amount: moneyStringSchema,
  previous: moneyStringSchema,
  previousVersionId: z.string().nullable(),
});
export type HighRiskFeePayload = z.infer<typeof highRiskFeePayloadSchema>;

/** GET /api/backoffice/fees/high-risk (admin): the amount in force, since when, and a proposal waiting. */
export const highRiskFeeResponseSchema = z.object({
  amount: moneyStringSchema,
  currency: z.literal(HIGH_RISK_CLIENT_FEE.currency),
  versionId: z.string().nullable(),
  since: z.string().nullable(),
  pending: approvalItemSchema.nullable(),
});
export type HighRiskFeeResponse = z.infer<typeof highRiskFeeResponseSchema>;
