import type { Currency } from '@bank/contracts';

/**
 * The shipped rate snapshot: mid rates as units of each currency per 1 EUR. It answers whenever no
 * operator or ECB rate is stored for a currency (table fx_rates), so every pair of the
 * currencies, fiat and crypto, always has a rate. Cross rates are computed from these exactly.
 */
export const SNAPSHOT_DATE = '2026-11-20';

export const SNAPSHOT_PER_EUR: Readonly<Record<Currency, string>> = {
  EUR: '1',
  USD: '1.0823',
  GBP: '0.8421',
  CHF: '0.9412',
  RUB: '98.4500',
  TRY: '37.1250',
  AED: '3.9749',
  CNY: '7.8123',
  AUD: '1.6345',
  CZK: '25.112',
  PLN: '4.3212',
  CAD: '1.4765',
  USDT: '1.0818',
  USDC: '1.0821',
  BTC: '0.0000112047',
  ETH: '0.00031847',
  BNB: '0.0017534',
  SOL: '0.0067231',
};
