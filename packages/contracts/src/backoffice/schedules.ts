import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { standingOrderSchema } from '../transfers/standing-orders';

/** A client's transfer waiting for its date (status Scheduled), as the back office lists it. */
export const scheduledTransferSchema = z.object({
  transactionNumber: z.string(),
  /** The date it runs on, in the bank's time zone. */
  date: z.string(),
  type: z.enum(['internal', 'international']),
  amount: moneyStringSchema,
  currency: z.string(),
  fromAccount: z.string(),
  /** This bank's account number, or the IBAN (else the account number) abroad. */
  toAccount: z.string(),
  recipient: z.string().nullable(),
  /** The standing order it is an occurrence of, if any. */
  standingOrderId: z.string().nullable(),
});
export type ScheduledTransfer = z.infer<typeof scheduledTransferSchema>;

/**
 * GET /api/backoffice/clients/:clientId/schedules (every operator, read-only, audited as a view of
 * the client): the client's scheduled transfers, soonest first, and standing orders, newest first.
 */
export const clientSchedulesResponseSchema = z.object({
  scheduledTransfers: z.array(scheduledTransferSchema),
  standingOrders: z.array(standingOrderSchema),
});
export type ClientSchedulesResponse = z.infer<typeof clientSchedulesResponseSchema>;
