import { createSlice } from '@reduxjs/toolkit';
import { signedOut } from '../auth';
import { emptyFilters, type Transaction, type TransactionFilters } from '../statement';

/** Crypto transactions: the same shape as the fiat store, with cryptoTransactionsData (SPEC §3). */
export interface CryptoTransactionsState {
  cryptoTransactionsData: Transaction[];
  filters: TransactionFilters;
  filtersTemplates: { accountNumber: string; recipient: string; templateName: string };
  templates: Array<{ templateName: string } & Record<string, unknown>>;
}

const initialState: CryptoTransactionsState = {
  cryptoTransactionsData: [],
  filters: emptyFilters,
  filtersTemplates: { accountNumber: '', recipient: '', templateName: '' },
  templates: [],
};

const cryptoTransactionsSlice = createSlice({
  name: 'cryptoTransactions',
  initialState,
  reducers: {
    cryptoTransactionsLoaded(state, action: { payload: Transaction[] }) {
      state.cryptoTransactionsData = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
});

export const { cryptoTransactionsLoaded } = cryptoTransactionsSlice.actions;
export default cryptoTransactionsSlice.reducer;
