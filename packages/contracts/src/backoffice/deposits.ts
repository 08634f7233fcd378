import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { depositRateTableOf, depositRateTableSchema, depositSchema, MAX_DEPOSIT_RATE_BASIS_POINTS } from '../deposits';
import { DEPOSIT_CURRENCIES, DEPOSIT_HISTORY_TIERS, type DepositCurrency, type DepositHistoryTier, type DepositRateTable } from '../tariffs';
import { optionalDateSchema } from '../transfers/dates';
import { approvalItemSchema, proposalReasonSchema } from './approvals';
import { pageNumberSchema } from './paging';

/**
 * The back office's side of term deposits (docs/deposits.md): a client's deposits, the bank's liability
 * on its deposits as of a date (principal, interest accrued, and what is due and unpaid), and the
 * rate table, which changes only through a four-eyes proposal (kind 'depositRates', the roles of FX
 * rate changes) and affects only the deposits opened after it.
 */

/** GET /api/backoffice/clients/:clientId/deposits (every operator, read-only, audited as a view of the client): as the client's own list shows them. */
export const clientDepositsResponseSchema = z.array(depositSchema);
export type ClientDepositsResponse = z.infer<typeof clientDepositsResponseSchema>;

/** The cells of the rate table in the order screens show them: tier by tier, currency by currency. */
export const DEPOSIT_RATE_CELLS: ReadonlyArray<{ tier: DepositHistoryTier; currency: DepositCurrency }> = DEPOSIT_HISTORY_TIERS.flatMap((tier) =>
  DEPOSIT_CURRENCIES.map((currency) => ({ tier, currency })),
);

/**
 * One rate as an operator types it: an annual percentage with at most two decimals ("11", "11.5",
 * "11.50"), above 0 and below 100; read as basis points.
 */
export const depositRatePercentSchema = z
  .union([z.string(), z.number()], { error: 'validation.depositRate.invalid' })
  .transform((value, context) => {
    const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(String(value).trim());
    const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
    if (basisPoints < 1 || basisPoints > MAX_DEPOSIT_RATE_BASIS_POINTS) {
      context.addIssue({ code: 'custom', message: 'validation.depositRate.invalid' });
      return z.NEVER;
    }
    return basisPoints;
  });

/**
 * PUT /api/backoffice/deposits/rates {rates: {withHistory: {EUR: "11.50", USD: "12"}, withoutHistory: {…}}, reason}
 * (admin, as FX rate changes): proposes the whole new table, every cell an annual percentage. It
 * holds only when a second admin approves it; the answer (202) is the table still in force with the
 * proposal waiting. A table equal to the one in force is a 409 (details.reason 'ratesUnchanged'),
 * and so is a second proposal while one waits ('alreadyProposed'). A refused cell is a 400 naming
 * it, e.g. fields['rates.withHistory.EUR'] 'validation.depositRate.invalid'.
 */
export const depositRatesProposalSchema = z.object({
  rates: depositRateTableOf(depositRatePercentSchema),
  reason: proposalReasonSchema,
});
export type DepositRatesProposal = z.input<typeof depositRatesProposalSchema>;

/** The form field of a cell, named as the server names a refused one. */
export function depositRateFieldOf(cell: { tier: DepositHistoryTier; currency: DepositCurrency }): `rates.${DepositHistoryTier}.${DepositCurrency}` {
  return `rates.${cell.tier}.${cell.currency}`;
}

/**
 * GET /api/backoffice/deposits/rates (admin): the table in force for deposits opened from now on,
 * the approved version it comes from (none while the tariff's own table holds) and since when, and
 * the proposal waiting for a second admin, if any.
 */
export const depositRatesResponseSchema = z.object({
  rates: depositRateTableSchema,
  versionId: z.string().nullable(),
  since: z.string().nullable(),
  pending: approvalItemSchema.nullable(),
});
export type DepositRatesResponse = z.infer<typeof depositRatesResponseSchema>;

/** What a 'depositRates' proposal carries: the table proposed and, for the checker to compare, the one in force when proposed. */
export const depositRatesPayloadSchema = z.object({
  rates: depositRateTableSchema,
  previous: depositRateTableSchema,
  /** The version in force when proposed (null: the tariff's own table). */
  previousVersionId: z.string().nullable(),
});
export type DepositRatesPayload = z.infer<typeof depositRatesPayloadSchema>;

/**
 * GET /api/backoffice/deposits/liability?date=YYYY-MM-DD&page (every operator, read-only): the
 * bank's liability at the end of `date` in the bank's time zone (today when left out), as it stood
 * then: every deposit opened by then and not yet closed by the end of the day (its principal not
 * yet back in the client's account, a matured one waiting for its return included), with the
 * interest accrued and not yet due, what fell due and was not paid by then, and the totals per
 * currency over all of them (not the page alone). A date before 1900 is refused (400).
 */
export const depositLiabilityQuerySchema = z.object({ date: optionalDateSchema, page: pageNumberSchema });
export type DepositLiabilityQuery = z.input<typeof depositLiabilityQuerySchema>;

export const depositLiabilityRowSchema = z.object({
  depositId: z.string(),
  number: z.string(),
  client: z.object({ clientId: z.string(), clientNumber: z.string(), name: z.string() }),
  currency: z.enum(DEPOSIT_CURRENCIES),
  principal: moneyStringSchema,
  rateBasisPoints: z.number().int(),
  /** The annual rate as a percentage with two decimals ("11.00"). */
  rate: z.string(),
  openingDate: z.string(),
  maturityDate: z.string(),
  /** The schedule's last payout date on or before the report's date (paid or not); null before the first. */
  lastPayoutDate: z.string().nullable(),
  /** Interest earned since the last payout date (since opening before the first) to the end of the date: owed, not yet due; zero from maturity on. */
  accruedInterest: moneyStringSchema,
  /** The payouts dated on or before the date and not paid by the end of it (the payout job behind): due, unpaid. */
  dueUnpaidInterest: moneyStringSchema,
  /** The deposit matured on or before the date and its principal was not returned by the end of it: the whole principal is due, unpaid. */
  principalDue: z.boolean(),
});
export type DepositLiabilityRow = z.infer<typeof depositLiabilityRowSchema>;

/**
 * One currency's totals over the report: how many deposits, and the sums of their rows' figures
 * (the principal of every deposit, the part due included; the interest accrued; the interest due
 * and unpaid), each the row's own field.
 */
export const depositLiabilityTotalSchema = depositLiabilityRowSchema
  .pick({ currency: true, principal: true, accruedInterest: true, dueUnpaidInterest: true })
  .extend({
    deposits: z.number().int(),
    /** Of `principal`, what is due and unpaid: the matured deposits not yet returned. */
    dueUnpaidPrincipal: moneyStringSchema,
  });
export type DepositLiabilityTotal = z.infer<typeof depositLiabilityTotalSchema>;

export const depositLiabilityResponseSchema = z.object({
  date: z.string(),
  items: z.array(depositLiabilityRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** One per deposit currency, in DEPOSIT_CURRENCIES' order, zeros included. */
  totals: z.array(depositLiabilityTotalSchema),
});
export type DepositLiabilityResponse = z.infer<typeof depositLiabilityResponseSchema>;

/** Whether two tables hold the same rates. */
export function sameDepositRates(left: DepositRateTable, right: DepositRateTable): boolean {
  return DEPOSIT_RATE_CELLS.every(({ tier, currency }) => left[tier][currency] === right[tier][currency]);
}
