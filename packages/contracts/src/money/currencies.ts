/** The currencies the bank keeps and the scale of each: the single place where scales are fixed. */
export const FIAT_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'CHF', 'RUB', 'TRY', 'AED', 'CNY', 'AUD', 'CZK', 'PLN', 'CAD', 'USDT',
] as const;
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'USDC'] as const;

export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];
export type Currency = FiatCurrency | CryptoCurrency;

/** Every currency the bank keeps, each once (USDT is both a fiat-account and a wallet currency). */
export const CURRENCIES: readonly Currency[] = [...new Set<Currency>([...FIAT_CURRENCIES, ...CRYPTO_CURRENCIES])];

/** Number of decimal places of each currency: the single place where scales are fixed. */
export const CURRENCY_SCALE: Readonly<Record<Currency, number>> = {
  USD: 2, EUR: 2, GBP: 2, CHF: 2, RUB: 2, TRY: 2, AED: 2, CNY: 2, AUD: 2, CZK: 2, PLN: 2, CAD: 2,
  USDT: 6, BTC: 8, ETH: 18, BNB: 18, SOL: 9, USDC: 6,
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}


export function isCryptoCurrency(value: unknown): value is CryptoCurrency {
  return typeof value === 'string' && (CRYPTO_CURRENCIES as readonly string[]).includes(value);
}

/**
 * The bank formats of a statement (ISO 20022 camt.053, SWIFT MT940) take an ISO 4217 code of three
 * letters and amounts of at most five decimals (camt.053's limit): a token account (USDT) has neither.
 */
export function hasBankFormatCode(currency: Currency): boolean {
  return /^[A-Z]{3}$/.test(currency) && CURRENCY_SCALE[currency] <= 5;
}
