import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { internalTransferSchema } from './create-internal-transfer';
import { internationalTransferSchema } from './create-international-transfer';
import { optionalDateSchema } from './dates';

/**
 * Standing orders (issue 26 item 2): a transfer repeated weekly, monthly on day N (the last day of a
 * shorter month) or quarterly (every three months on day N), from a start date until an end date,
 * for a number of times, or until canceled. Each occurrence is a Scheduled transfer of its own,
 * with its own number, keyed by the order and the occurrence's date.
 */
export const STANDING_ORDER_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type StandingOrderFrequency = (typeof STANDING_ORDER_FREQUENCIES)[number];

/** Active plans occurrences; Paused plans none until resumed; Canceled and Finished are final. */
export const STANDING_ORDER_STATUSES = ['Active', 'Paused', 'Canceled', 'Finished'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

/** Ten years of weekly payments; an order meant to run longer has no count. */
export const STANDING_ORDER_MAX_COUNT = 520;
/** Orders a client may have that still run (Active or Paused); one more is 409 CONFLICT. */
export const STANDING_ORDERS_LIVE_PER_CLIENT = 50;
/** GET /api/standing-orders answers at most this many, newest first. */
export const STANDING_ORDERS_LIST_LIMIT = 200;

/** A calendar date that must be there. */
const requiredDateSchema = optionalDateSchema.transform((value, context) => {
  if (value === undefined) {
    context.addIssue({ code: 'custom', message: 'validation.required' });
    return z.NEVER;
  }
  return value;
});

/**
 * The repeated transfer: the payload of POST /api/transaction/create for an internal transfer or
 * one abroad. Its own date (transferDate, paymentDate) is ignored: the order's calendar dates each
 * occurrence.
 */
export const standingOrderTransferSchema = z.discriminatedUnion('type', [internalTransferSchema, internationalTransferSchema], {
  error: 'validation.transactionType.invalid',
});
export type StandingOrderTransfer = z.output<typeof standingOrderTransferSchema>;

/**
 * POST /api/standing-orders (bearer, identified client). The transfer is checked as one made now
 * would be (accounts, currency, amount, limits, recipient). `dayOfMonth` is for monthly and
 * quarterly orders (default: the start date's day); a weekly order runs on the start date's weekday.
 * `startDate` is today or later in the bank's time zone, at most a year ahead (fields.startDate
 * 'validation.date.past' / 'validation.date.tooFar', as a dated transfer's); `endDate` (not before
 * the start) or `count`, not both. Send an Idempotency-Key as for /api/transaction/create. Answers
 * 200 with the StandingOrder; 400, 403, 404 as POST /api/transaction/create does for its transfer,
 * with the transfer's fields under `transfer.`; 409 CONFLICT past STANDING_ORDERS_LIVE_PER_CLIENT.
 */
export const createStandingOrderRequestSchema = z
  .object({
    transfer: standingOrderTransferSchema,
    frequency: z.enum(STANDING_ORDER_FREQUENCIES, { error: 'validation.frequency.invalid' }),
    dayOfMonth: z
      .number({ error: 'validation.dayOfMonth.invalid' })
      .int('validation.dayOfMonth.invalid')
      .min(1, 'validation.dayOfMonth.invalid')
      .max(31, 'validation.dayOfMonth.invalid')
      .nullish()
      .transform((value) => value ?? undefined),
    startDate: requiredDateSchema,
    endDate: optionalDateSchema,
    count: z
      .number({ error: 'validation.count.invalid' })
      .int('validation.count.invalid')
      .min(1, 'validation.count.invalid')
      .max(STANDING_ORDER_MAX_COUNT, 'validation.count.invalid')
      .nullish()
      .transform((value) => value ?? undefined),
  })
  .superRefine((value, context) => {
    if (value.endDate !== undefined && value.count !== undefined) {
      context.addIssue({ code: 'custom', message: 'validation.count.endDateOrCount', path: ['count'] });
    }
    if (value.endDate !== undefined && value.endDate < value.startDate) {
      context.addIssue({ code: 'custom', message: 'validation.endDate.beforeStart', path: ['endDate'] });
    }
    if (value.frequency === 'weekly' && value.dayOfMonth !== undefined) {
      context.addIssue({ code: 'custom', message: 'validation.dayOfMonth.notWeekly', path: ['dayOfMonth'] });
    }
  });
export type CreateStandingOrderPayload = z.input<typeof createStandingOrderRequestSchema>;
export type CreateStandingOrderRequest = z.output<typeof createStandingOrderRequestSchema>;

/** A standing order as the client (and the back office) sees it. */
export const standingOrderSchema = z.object({
  id: z.string(),
  status: z.enum(STANDING_ORDER_STATUSES),
  frequency: z.enum(STANDING_ORDER_FREQUENCIES),
  /** Monthly and quarterly orders: the day of the month (the last day of a shorter month). */
  dayOfMonth: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
  occurrencesMade: z.number().int(),
  /** The date of the next occurrence; null while the order is paused, and once it is canceled or finished. */
  nextRunDate: z.string().nullable(),
  type: z.enum(['internal', 'international']),
  fromAccount: z.string(),
  /** This bank's account number, or the IBAN (else the account number) abroad. */
  toAccount: z.string(),
  recipient: z.string().nullable(),
  amount: moneyStringSchema,
  currency: z.string(),
  reference: z.string().nullable(),
  templateName: z.string().nullable(),
  createdAt: z.string(),
});
export type StandingOrder = z.infer<typeof standingOrderSchema>;

/** GET /api/standing-orders (bearer): the client's own orders, newest first. */
export const listStandingOrdersResponseSchema = z.object({ orders: z.array(standingOrderSchema) });
export type ListStandingOrdersResponse = z.infer<typeof listStandingOrdersResponseSchema>;

/**
 * POST /api/standing-orders/:id/pause | resume | cancel (bearer): 200 with the StandingOrder.
 * 404 NOT_FOUND for an order that is not the client's; 409 CONFLICT for a move that makes no sense
 * (resuming an active order, anything on a canceled or finished one). Pausing and canceling cancel
 * the occurrence not yet run; resuming plans again from today.
 */
export const STANDING_ORDER_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type StandingOrderAction = (typeof STANDING_ORDER_ACTIONS)[number];

/** What each action does from each status (the web offers only these; the server refuses the rest with 409). */
export const STANDING_ORDER_MOVES: Readonly<Record<StandingOrderStatus, Partial<Record<StandingOrderAction, StandingOrderStatus>>>> = {
  Active: { pause: 'Paused', cancel: 'Canceled' },
  Paused: { resume: 'Active', cancel: 'Canceled' },
  Canceled: {},
  Finished: {},
};

/** The status `action` moves an order in `status` to, or undefined when it may not. */
export function standingOrderMove(status: StandingOrderStatus, action: StandingOrderAction): StandingOrderStatus | undefined {
  return STANDING_ORDER_MOVES[status][action];
}
