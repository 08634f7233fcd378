import { createSlice } from '@reduxjs/toolkit';
import { signedOut } from '../auth/userSlice';

interface ExchangeAmounts {
  amount: string;
  toAmount: string;
  to: string;
  from: string;
}

/** Currency state of SPEC §3. */
export interface CurrencyState {
  currencyExchange: ExchangeAmounts;
  currencyExchangeCheck: ExchangeAmounts;
  currencyExchangeResult: unknown;
  currencyExchangeResultCheck: unknown;
  rate: string | null;
  convertedAmount: string | null;
  loading: boolean;
  error: string | null;
  conversionResult: unknown;
}

const emptyAmounts: ExchangeAmounts = { amount: '', toAmount: '', to: '', from: '' };

export const initialCurrencyState: CurrencyState = {
  currencyExchange: emptyAmounts,
  currencyExchangeCheck: emptyAmounts,
  currencyExchangeResult: null,
  currencyExchangeResultCheck: null,
  rate: null,
  convertedAmount: null,
  loading: false,
  error: null,
  conversionResult: null,
};

const currencySlice = createSlice({
  name: 'currency',
  initialState: initialCurrencyState,
  reducers: {
    /** SPEC §4: a reset clears amounts, currencies, rate and result. */
    conversionReset() {
      return initialCurrencyState;
    },
  },
  extraReducers: (builder) => builder.addCase(signedOut, () => initialCurrencyState),
});

export const { conversionReset } = currencySlice.actions;
export default currencySlice.reducer;
