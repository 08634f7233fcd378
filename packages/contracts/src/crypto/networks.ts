import type { CryptoCurrency } from '../money/currencies';

/**
 * The network each coin of docs/product.md#tariffs-and-limits moves on, and the format of its addresses. ETH, USDT and USDC
 * (ERC-20) live on Ethereum, BNB on BNB Smart Chain; all four use EIP-55 hex addresses. The scales
 * are in money/currencies.ts with the fiat ones.
 */
export type AddressFormat = 'bech32' | 'evm' | 'base58';

export const CRYPTO_NETWORKS: Readonly<Record<CryptoCurrency, { network: 'bitcoin' | 'ethereum' | 'bsc' | 'solana'; label: string; addressFormat: AddressFormat }>> = {
  BTC: { network: 'bitcoin', label: 'Bitcoin', addressFormat: 'bech32' },
  ETH: { network: 'ethereum', label: 'Ethereum', addressFormat: 'evm' },
  USDT: { network: 'ethereum', label: 'Ethereum (ERC-20)', addressFormat: 'evm' },
  USDC: { network: 'ethereum', label: 'Ethereum (ERC-20)', addressFormat: 'evm' },
  BNB: { network: 'bsc', label: 'BNB Smart Chain (BEP-20)', addressFormat: 'evm' },
  SOL: { network: 'solana', label: 'Solana', addressFormat: 'base58' },
};
