import { createSlice } from '@reduxjs/toolkit';
import { signedOut } from '../auth/userSlice';

/** Statement filters (SPEC §2, §3). */
export interface TransactionFilters {
  accountNumber: string;
  period: string;
  from: string;
  to: string;
  purpose: string;
  recipient: string;
  amount: string;
  incoming: boolean;
  outgoing: boolean;
  currency: string;
  selectedType: string;
  templateName: string;
  paymentRegion: string;
}

export interface Transaction {
  transactionNumber: string;
  fromAccount: string;
  toAccount: string;
  recipient: string;
  created: number;
  amount: string;
  currency: string;
  balance: string | null;
  direction: 'IN' | 'OUT';
  transactionType: string;
  reference: string;
  transactionStatus: string;
  purpose?: string;
}

export const emptyFilters: TransactionFilters = {
  accountNumber: '',
  period: '',
  from: '',
  to: '',
  purpose: '',
  recipient: '',
  amount: '',
  incoming: false,
  outgoing: false,
  currency: '',
  selectedType: '',
  templateName: '',
  paymentRegion: '',
};

export interface TransactionsState {
  transactionsData: Transaction[];
  filters: TransactionFilters;
  filtersTemplates: { accountNumber: string; recipient: string; templateName: string };
  templates: Array<{ templateName: string } & Record<string, unknown>>;
}

const initialState: TransactionsState = {
  transactionsData: [],
  filters: emptyFilters,
  filtersTemplates: { accountNumber: '', recipient: '', templateName: '' },
  templates: [],
};

const transactionsSlice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    transactionsLoaded(state, action: { payload: Transaction[] }) {
      state.transactionsData = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
});

export const { transactionsLoaded } = transactionsSlice.actions;
export default transactionsSlice.reducer;
