import { z } from 'zod';

/** GET /api/backoffice/summary (every operator): what waits in each queue, for the dashboard. */
export const backofficeSummarySchema = z.object({
  kycNew: z.number().int(),
  paymentsNew: z.number().int(),
  paymentsProcessing: z.number().int(),
  contactUnhandled: z.number().int(),
  /** Proposals of the kinds the operator's roles open that wait for a second operator. */
  approvalsPending: z.number().int(),
});
export type BackofficeSummary = z.infer<typeof backofficeSummarySchema>;
