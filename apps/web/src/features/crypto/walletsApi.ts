// Contracts are imported by file so the chunks that load wallets carry only what they use.
import type { ErrorBody } from '@bank/contracts/errors';
import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@bank/contracts/money/currencies';
import type { CreateWalletRequest, Wallet } from '@bank/contracts/crypto/wallets';
import type { AppDispatch, RootState } from '../../app/store';
import { ApiError, apiRequest } from '../../lib/api';
import { selectUserToken, walletsLoaded, walletsLoadFailed, walletsRequested, type AccountSummary } from '../auth';

export type LoadWalletsOutcome = { ok: true } | { ok: false; body: ErrorBody | null };

/**
 * GET api/wallet/list (docs/product.md#client-calls) with the loading flag around it (docs/product.md#states). The outcome tells the
 * screen that asked whether to show a failure; the list kept is the last one that loaded.
 */
export function loadWallets() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<LoadWalletsOutcome> => {
    dispatch(walletsRequested());
    try {
      const wallets = await apiRequest<Wallet[]>('GET', 'wallet/list', { token: selectUserToken(getState()) });
      dispatch(walletsLoaded(Array.isArray(wallets) ? wallets : []));
      return { ok: true };
    } catch (error) {
      dispatch(walletsLoadFailed());
      return { ok: false, body: error instanceof ApiError ? error.body : null };
    }
  };
}

export type CreateWalletOutcome = { ok: true; wallet: Wallet } | { ok: false; status: number; body: ErrorBody | null };

/** POST /api/wallet/create {currency}; a 200 reloads the wallets (docs/product.md#states). */
export function createWallet(request: CreateWalletRequest) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<CreateWalletOutcome> => {
    try {
      const wallet = await apiRequest<Wallet>('POST', 'wallet/create', { body: request, token: selectUserToken(getState()) });
      await dispatch(loadWallets());
      return { ok: true, wallet };
    } catch (error) {
      return error instanceof ApiError ? { ok: false, status: error.status, body: error.body } : { ok: false, status: 0, body: null };
    }
  };
}

/** The coin of a wallet, narrowed to the coins of docs/product.md#tariffs-and-limits; null for none or one the app does not know. */
export function walletCurrency(wallet: AccountSummary | undefined): CryptoCurrency | null {
  const currency = wallet?.currency;
  return currency !== undefined && (CRYPTO_CURRENCIES as readonly string[]).includes(currency) ? (currency as CryptoCurrency) : null;
}
