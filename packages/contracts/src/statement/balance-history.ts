import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { FIAT_CURRENCIES } from '../money';
import { DEFAULT_BASE_CURRENCY, type BalanceHistorySpan } from './balance-history-options';
import { blank, timeZoneSchema } from './statement-query';

export * from './balance-history-options';

/**
 * GET /api/statement/balance-history (bearer) query: how many days (30 or 90, 30 when missing), the
 * base currency of the total (one of the bank's fiat currencies, EUR when missing) and the client's
 * time zone, whose days the balances close on (as the statement's periods do).
 */
export const balanceHistoryQuerySchema = z.object({
  days: z.preprocess(
    blank,
    z
      .enum(['30', '90'], { error: 'validation.days.invalid' })
      .default('30')
      .transform((value) => Number(value) as BalanceHistorySpan),
  ),
  base: z.preprocess(blank, z.enum(FIAT_CURRENCIES, { error: 'validation.currency.unknown' }).default(DEFAULT_BASE_CURRENCY)),
  timeZone: timeZoneSchema,
});
export type BalanceHistoryQueryInput = z.input<typeof balanceHistoryQuerySchema>;
export type BalanceHistoryQuery = z.output<typeof balanceHistoryQuerySchema>;

/**
 * The answer: the days, oldest first and today last ('YYYY-MM-DD' in the client's zone), and for
 * each of the client's accounts its booked balance at the end of each day (today: now), the same
 * figure as the statement's closing balance of that day. `totals` is the sum of the accounts'
 * balances in `base` at the rates in force at the end of each day, one per day.
 */
export const balanceHistoryResponseSchema = z.object({
  base: z.enum(FIAT_CURRENCIES),
  timeZone: z.string(),
  days: z.array(z.string()),
  accounts: z.array(
    z.object({
      accountNumber: z.string(),
      currency: z.enum(FIAT_CURRENCIES),
      balances: z.array(moneyStringSchema),
    }),
  ),
  totals: z.array(moneyStringSchema),
});
export type BalanceHistoryResponse = z.infer<typeof balanceHistoryResponseSchema>;
