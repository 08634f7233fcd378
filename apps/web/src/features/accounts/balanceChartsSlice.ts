import { DEFAULT_BASE_CURRENCY } from '@bank/contracts/statement/balance-history-options';
import type { FiatCurrency } from '@bank/contracts/money';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../auth';

/**
 * The accounts overview's chart preferences, kept in the persisted state so a reload keeps them.
 * Like the rest of the state they are the signed-in client's and go at sign-out.
 */
export interface BalanceChartsState {
  baseCurrency: FiatCurrency;
}

export const initialBalanceChartsState: BalanceChartsState = { baseCurrency: DEFAULT_BASE_CURRENCY };

const balanceChartsSlice = createSlice({
  name: 'balanceCharts',
  initialState: initialBalanceChartsState,
  reducers: {
    baseCurrencyChosen(state, action: PayloadAction<FiatCurrency>) {
      state.baseCurrency = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialBalanceChartsState),
});

export const { baseCurrencyChosen } = balanceChartsSlice.actions;
export default balanceChartsSlice.reducer;

type WithBalanceCharts = { balanceCharts?: BalanceChartsState };
/** The base currency of the overview's total; a state persisted before the charts existed has none yet. */
export const selectBaseCurrency = (state: WithBalanceCharts): FiatCurrency => state.balanceCharts?.baseCurrency ?? DEFAULT_BASE_CURRENCY;
