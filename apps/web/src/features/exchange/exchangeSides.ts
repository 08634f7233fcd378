import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, type Currency } from '@bank/contracts/money/currencies';

/** One side of an exchange: one of the client's accounts, or one of their crypto wallets. */
export interface ExchangeSide {
  kind: 'account' | 'wallet';
  currency: Currency;
}

interface Holding {
  number: string;
  currency: string;
}

/**
 * The side a chosen number stands for: an account (its number) or a wallet (its address), with the
 * currency it is kept in. USDT is both an account and a wallet currency; the list it was found in
 * decides which. Null for nothing chosen, or a number that is the client's no more.
 */
export function sideOf(number: string, accounts: readonly Holding[], wallets: readonly Holding[]): ExchangeSide | null {
  if (number === '') return null;
  const account = accounts.find((holding) => holding.number === number);
  if (account && (FIAT_CURRENCIES as readonly string[]).includes(account.currency)) return { kind: 'account', currency: account.currency as Currency };
  const wallet = wallets.find((holding) => holding.number === number);
  if (wallet && (CRYPTO_CURRENCIES as readonly string[]).includes(wallet.currency)) return { kind: 'wallet', currency: wallet.currency as Currency };
  return null;
}

/**
 * docs/product.md#tariffs-and-limits: an exchange with a wallet on either side is a crypto conversion, by agreement and with
 * the bank's approval, at a fee by volume; between two accounts it is the free, immediate exchange.
 */
export function isCryptoConversion(from: ExchangeSide | null, to: ExchangeSide | null): boolean {
  return from?.kind === 'wallet' || to?.kind === 'wallet';
}
