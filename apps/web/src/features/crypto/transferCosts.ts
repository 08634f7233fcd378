import { formatMinor, parseAmount } from '@bank/contracts/money/decimal';
import type { CryptoCurrency } from '@bank/contracts/money/currencies';
import { CRYPTO_NETWORKS } from '@bank/contracts/crypto/networks';
import { CRYPTO_NETWORK_FEES } from '@bank/contracts/tariffs';

/**
 * What a crypto transfer costs, shown before the client confirms it: the network of the coin, its
 * network fee (tariffs.ts) and the total held on the wallet, amount + fee, in exact minor units of
 * the coin. A transfer to another wallet of this bank is free: the bank then holds the amount only.
 */
export interface TransferCosts {
  network: string;
  fee: string;
  total: string;
}

/** The network name and fee of a coin, whatever the amount. */
export function networkOf(currency: CryptoCurrency): { network: string; fee: string } {
  return { network: CRYPTO_NETWORKS[currency].label, fee: formatMinor(parseFee(currency), currency) };
}

/** The costs of sending `amount`; null while the amount is not a positive amount of the coin. */
export function transferCosts(amount: string, currency: CryptoCurrency): TransferCosts | null {
  const parsed = parseAmount(amount, currency);
  if (!parsed.ok) return null;
  const fee = parseFee(currency);
  return { network: CRYPTO_NETWORKS[currency].label, fee: formatMinor(fee, currency), total: formatMinor(parsed.minor + fee, currency) };
}

function parseFee(currency: CryptoCurrency): bigint {
  const fee = parseAmount(CRYPTO_NETWORK_FEES[currency], currency, { allowZero: true });
  // The tariff is data of this repository: a fee that does not fit its coin is a bug, not an input.
  if (!fee.ok) throw new Error(`The network fee of ${currency} does not fit the coin`);
  return fee.minor;
}
