import type { CryptoTransaction } from '@bank/contracts/crypto/crypto-transactions';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../auth';
import { emptyFilters, type TransactionFilters } from '../statement';

/**
 * The crypto list's filters: the statement's (docs/product.md#data: the same shape), where `accountNumber` is
 * the wallet's number (its address), and the crypto status (docs/product.md#states: New, Approved, Denied).
 */
export interface CryptoTransactionFilters extends TransactionFilters {
  status: string;
}

/** Crypto transactions: the same shape as the fiat store, with cryptoTransactionsData (docs/product.md#data). */
export interface CryptoTransactionsState {
  /** The rows of the page on screen. */
  cryptoTransactionsData: CryptoTransaction[];
  filters: CryptoTransactionFilters;
  filtersTemplates: { accountNumber: string; recipient: string; templateName: string };
  templates: Array<{ templateName: string } & Record<string, unknown>>;
}

export const emptyCryptoFilters: CryptoTransactionFilters = { ...emptyFilters, status: '' };

const initialState: CryptoTransactionsState = {
  cryptoTransactionsData: [],
  filters: emptyCryptoFilters,
  filtersTemplates: { accountNumber: '', recipient: '', templateName: '' },
  templates: [],
};

const cryptoTransactionsSlice = createSlice({
  name: 'cryptoTransactions',
  initialState,
  reducers: {
    cryptoTransactionsLoaded(state, action: PayloadAction<CryptoTransaction[]>) {
      state.cryptoTransactionsData = action.payload;
    },
    /** The client changed a filter of the crypto list (the list goes back to page 1). */
    cryptoFiltersChanged(state, action: PayloadAction<Partial<CryptoTransactionFilters>>) {
      state.filters = { ...emptyCryptoFilters, ...state.filters, ...action.payload };
    },
    cryptoFiltersReset(state) {
      state.filters = emptyCryptoFilters;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
});

export const { cryptoTransactionsLoaded, cryptoFiltersChanged, cryptoFiltersReset } = cryptoTransactionsSlice.actions;
export default cryptoTransactionsSlice.reducer;

interface WithCryptoTransactions {
  cryptoTransactions: CryptoTransactionsState;
}
export const selectCryptoFilters = (state: WithCryptoTransactions) => state.cryptoTransactions.filters;
export const selectCryptoTransactions = (state: WithCryptoTransactions) => state.cryptoTransactions.cryptoTransactionsData;
