import type { TransferTemplate } from '@bank/contracts/statement/templates';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../auth';

/** Statement filters (docs/product.md). */
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

/** filtersTemplates, docs/product.md#data: what narrows the list of saved templates. */
export interface TemplateFilters {
  accountNumber: string;
  recipient: string;
  templateName: string;
}

export const emptyTemplateFilters: TemplateFilters = { accountNumber: '', recipient: '', templateName: '' };

export interface TransactionsState {
  transactionsData: Transaction[];
  filters: TransactionFilters;
  filtersTemplates: TemplateFilters;
  templates: TransferTemplate[];
}

const initialState: TransactionsState = {
  transactionsData: [],
  filters: emptyFilters,
  filtersTemplates: emptyTemplateFilters,
  templates: [],
};

const transactionsSlice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    transactionsLoaded(state, action: { payload: Transaction[] }) {
      state.transactionsData = action.payload;
    },
    /** The client changed statement filters (the statement goes back to page 1). */
    statementFiltersChanged(state, action: PayloadAction<Partial<TransactionFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
    },
    statementFiltersReset(state) {
      state.filters = emptyFilters;
    },
    templateFiltersChanged(state, action: PayloadAction<Partial<TemplateFilters>>) {
      state.filtersTemplates = { ...state.filtersTemplates, ...action.payload };
    },
    templatesLoaded(state, action: PayloadAction<TransferTemplate[]>) {
      state.templates = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
});

export const { transactionsLoaded, statementFiltersChanged, statementFiltersReset, templateFiltersChanged, templatesLoaded } = transactionsSlice.actions;

interface WithTransactions {
  transactions: TransactionsState;
}
export const selectStatementFilters = (state: WithTransactions) => state.transactions.filters;
export const selectTemplateFilters = (state: WithTransactions) => state.transactions.filtersTemplates;
export const selectTemplates = (state: WithTransactions) => state.transactions.templates;
export default transactionsSlice.reducer;
