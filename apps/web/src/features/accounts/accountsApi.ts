import type { CreateAccountRequest, CreateAccountResponse } from '@bank/contracts/accounts/create-account';
import type { ListAccountsResponse } from '@bank/contracts/accounts/list-accounts';
import type { ErrorBody } from '@bank/contracts/errors';
import { FIAT_CURRENCIES, decimalToMinor, formatMinor, isCurrency, type FiatCurrency } from '@bank/contracts/money';
import type { AppDispatch, RootState } from '../../app/store';
import { ApiError, apiRequest } from '../../lib/api';
import { accountsLoadFailed, accountsLoaded, accountsRequested, type AccountSummary } from '../auth';
import { transactionsLoaded, type Transaction } from '../statement';

/** The signed-in client's token, as every cabinet call sends it. */
export const selectToken = (state: RootState) => state.user.user.userToken ?? null;

/**
 * GET api/account/list (docs/product.md#client-calls) with the loading flag around it (docs/product.md#states). A failure keeps the
 * server's message for 'Error loading accounts'; an empty message means no answer came at all.
 */
export function loadAccounts() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    dispatch(accountsRequested());
    try {
      const accounts = await apiRequest<ListAccountsResponse>('GET', 'account/list', { token: selectToken(getState()) });
      dispatch(accountsLoaded(accounts));
    } catch (error) {
      dispatch(accountsLoadFailed(error instanceof ApiError ? (error.body?.message ?? '') : ''));
    }
  };
}

export type OpenAccountOutcome = { ok: true; account: CreateAccountResponse } | { ok: false; body: ErrorBody | null };

/** POST /api/account/create {currencies: [one currency]}; a 200 reloads the accounts (docs/product.md#states). */
export function openAccount(request: CreateAccountRequest) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<OpenAccountOutcome> => {
    try {
      const account = await apiRequest<CreateAccountResponse>('POST', 'account/create', { body: request, token: selectToken(getState()) });
      await dispatch(loadAccounts());
      return { ok: true, account };
    } catch (error) {
      return { ok: false, body: error instanceof ApiError ? error.body : null };
    }
  };
}

/**
 * Money held for pending transfers: the booked balance less the available one (holds: docs/architecture.md#the-ledger).
 * Null when nothing is held or the list came without booked balances.
 */
export function heldAmount(account: AccountSummary): string | null {
  if (account.bookedBalance === undefined || !isCurrency(account.currency)) return null;
  const held = decimalToMinor(account.bookedBalance, account.currency) - decimalToMinor(account.balance, account.currency);
  return held > 0n ? formatMinor(held, account.currency) : null;
}

/**
 * After a transfer or an exchange (docs/product.md): the balances and the transaction list are
 * reloaded, so the overview and the statement show the operation at once.
 */
export function reloadAfterMoneyMoved() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const token = selectToken(getState());
    const transactions = apiRequest<Transaction[]>('GET', 'transaction/list', { token })
      .then((list) => {
        if (Array.isArray(list)) dispatch(transactionsLoaded(list));
      })
      .catch(() => undefined);
    await Promise.all([dispatch(loadAccounts()), transactions]);
  };
}

/** The currency of an account, narrowed to the fiat currencies accounts are kept in. */
export function accountCurrency(account: AccountSummary | undefined): FiatCurrency | null {
  const currency = account?.currency;
  return currency !== undefined && (FIAT_CURRENCIES as readonly string[]).includes(currency) ? (currency as FiatCurrency) : null;
}
