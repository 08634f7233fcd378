import type { ConvertRequest, ConvertResponse } from '@bank/contracts/rates/convert';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError, apiRequest } from '../../lib/api';
import { signedOut } from '../auth';

interface ExchangeAmounts {
  amount: string;
  toAmount: string;
  to: string;
  from: string;
}

/** Currency state of docs/product.md#data. */
export interface CurrencyState {
  currencyExchange: ExchangeAmounts;
  currencyExchangeCheck: ExchangeAmounts;
  currencyExchangeResult: unknown;
  currencyExchangeResultCheck: unknown;
  rate: string | null;
  convertedAmount: string | null;
  loading: boolean;
  /** The server's message of a failed conversion, or CONVERSION_FAILED when it gave none. */
  error: string | null;
  conversionResult: ConvertResponse | null;
}

/** The error of a conversion that failed without a message from the server (the screen says 'Oops!…'). */
export const CONVERSION_FAILED = 'conversionFailed';
/** The bank refused to price on rates older than it allows (503 RATES_STALE): shown in the reader's language. */
export const RATES_STALE = 'RATES_STALE';

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

/**
 * Currency conversion (docs/product.md#states): POST /api/converter/convert {from, to, amount} (no token). The
 * failure carries the server's message field when it sent one. A newer request aborts the older
 * one (`promise.abort()`), so a slow answer for a previous pair never overwrites the current rate.
 */
export const conversionRequested = createAsyncThunk<ConvertResponse, ConvertRequest, { rejectValue: string }>(
  'currency/conversion',
  async (request, { rejectWithValue, signal }) => {
    try {
      return await apiRequest<ConvertResponse>('POST', 'converter/convert', { body: request, signal });
    } catch (error) {
      if (error instanceof ApiError && error.body?.code === RATES_STALE) return rejectWithValue(RATES_STALE);
      const message = error instanceof ApiError ? error.body?.message : undefined;
      return rejectWithValue(message || CONVERSION_FAILED);
    }
  },
);

const currencySlice = createSlice({
  name: 'currency',
  initialState: initialCurrencyState,
  reducers: {
    /** docs/product.md#states: a reset clears amounts, currencies, rate and result. */
    conversionReset() {
      return initialCurrencyState;
    },
    /** The bank answered an exchange with a new rate (409 RATE_CHANGED): it replaces the one shown. */
    rateChanged(state, action: PayloadAction<string>) {
      state.rate = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(conversionRequested.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(conversionRequested.fulfilled, (state, action) => {
        state.loading = false;
        state.rate = action.payload.rate;
        state.convertedAmount = action.payload.convertedAmount;
        state.conversionResult = action.payload;
      })
      .addCase(conversionRequested.rejected, (state, action) => {
        // An aborted request was replaced by a newer one, which owns the loading flag now.
        if (action.meta.aborted) return;
        state.loading = false;
        state.rate = null;
        state.convertedAmount = null;
        state.conversionResult = null;
        state.error = action.payload ?? CONVERSION_FAILED;
      })
      .addCase(signedOut, () => initialCurrencyState),
});

export const { conversionReset, rateChanged } = currencySlice.actions;
export default currencySlice.reducer;

type WithCurrency = { currency: CurrencyState };
export const selectConversion = (state: WithCurrency) => state.currency;
