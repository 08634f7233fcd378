import { basisPointsOf, INTERNATIONAL_TRANSFER_FEE, decimalToMinor, type Currency } from '@bank/contracts';
import { convertAtMidMinor, type RateTable } from '../rates';

/**
 * The international transfer fee of docs/product.md#tariffs-and-limits (tariffs.ts): 0.30 % of the amount, at least 50 and at
 * most 2000 EUR. For another currency the limits are converted at the day's mid rate. The
 * percentage is rounded half up to the currency's minor unit.
 */
export interface FeeQuote {
  currency: Currency;
  amountMinor: bigint;
  feeMinor: bigint;
  totalMinor: bigint;
  minimumMinor: bigint;
  maximumMinor: bigint;
}

/** The fee for an amount once the limits are known in the amount's currency. */
export function internationalFeeMinor(amountMinor: bigint, minimumMinor: bigint, maximumMinor: bigint): bigint {
  const percentage = basisPointsOf(amountMinor, INTERNATIONAL_TRANSFER_FEE.rateBasisPoints);
  if (percentage < minimumMinor) return minimumMinor;
  if (percentage > maximumMinor) return maximumMinor;
  return percentage;
}

/** The tariff's EUR limits in `currency`. */
export function feeLimitsIn(table: RateTable, currency: Currency): { minimumMinor: bigint; maximumMinor: bigint } {
  const tariffCurrency = INTERNATIONAL_TRANSFER_FEE.currency;
  return {
    minimumMinor: convertAtMidMinor(table, decimalToMinor(INTERNATIONAL_TRANSFER_FEE.minimum, tariffCurrency), tariffCurrency, currency),
    maximumMinor: convertAtMidMinor(table, decimalToMinor(INTERNATIONAL_TRANSFER_FEE.maximum, tariffCurrency), tariffCurrency, currency),
  };
}

export function quoteInternationalFee(table: RateTable, currency: Currency, amountMinor: bigint): FeeQuote {
  const { minimumMinor, maximumMinor } = feeLimitsIn(table, currency);
  const feeMinor = internationalFeeMinor(amountMinor, minimumMinor, maximumMinor);
  return { currency, amountMinor, feeMinor, totalMinor: amountMinor + feeMinor, minimumMinor, maximumMinor };
}
