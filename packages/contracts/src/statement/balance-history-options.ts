// The balance charts' choices, apart from the schemas so the web app's store reads them without zod.
import type { FiatCurrency } from '../money/currencies';

/** The spans the accounts overview draws, in days ending today (the client's zone). */
export const BALANCE_HISTORY_SPANS = [30, 90] as const;
export type BalanceHistorySpan = (typeof BALANCE_HISTORY_SPANS)[number];

/** The base currency of the total until the client chooses one. */
export const DEFAULT_BASE_CURRENCY: FiatCurrency = 'EUR';
