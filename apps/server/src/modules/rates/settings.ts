/**
 * The bank's spread on currency exchange, in basis points of the mid rate (50 = 0.50 %), until an
 * admin sets another in the back office (table rate_settings). Conversion itself is free (docs/product.md#tariffs-and-limits);
 * the spread is how the bank is paid for the risk, applied the same way to every pair and
 * direction: the client receives mid × (1 − spread).
 */
export const EXCHANGE_SPREAD_BASIS_POINTS = 50n;

/** The base currency of the rate table: every stored rate is units per 1 EUR. */
export const RATE_BASE_CURRENCY = 'EUR' as const;
