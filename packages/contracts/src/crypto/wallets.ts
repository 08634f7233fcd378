import { z } from 'zod';
import { moneyStringSchema } from '../accounts/fields';
import { CRYPTO_CURRENCIES } from '../money/currencies';

export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES, { error: 'validation.currency.unknown' });

/**
 * GET api/wallet/list (bearer): the client's wallets, oldest first, shaped like accounts (Account and Wallet,
 * docs/product.md#data). `number` is the wallet's deposit address in its network's format; balances are
 * in the coin's full precision.
 */
export const walletSchema = z.object({
  number: z.string(),
  /** Available balance: booked minus funds held for pending transfers. */
  balance: moneyStringSchema,
  bookedBalance: moneyStringSchema,
  currency: cryptoCurrencySchema,
  key: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;
export const listWalletsResponseSchema = z.array(walletSchema);

/**
 * POST /api/wallet/create {currency} (bearer): one wallet per coin per identified client. 200 with
 * the wallet; 403 before identification; 409 when the client already has a wallet in that coin.
 */
export const createWalletRequestSchema = z.object({ currency: cryptoCurrencySchema });
export type CreateWalletRequest = z.input<typeof createWalletRequestSchema>;
export const createWalletResponseSchema = walletSchema;
