// Proves the conversion states of docs/product.md#states: request (loading on, error cleared), success (rate, converted
// amount and result stored), failure (the server's message or the generic marker), abort ignored, reset.
import { describe, expect, it } from 'vitest';
import { signedOut } from '../auth';
import reducer, { CONVERSION_FAILED, conversionRequested, conversionReset, initialCurrencyState, rateChanged } from './currencySlice';

const request = { from: 'EUR', to: 'USD', amount: '1' } as const;
const quote = { from: 'EUR', to: 'USD', amount: '1.00', rate: '1.0769885', convertedAmount: '1.07' } as const;

describe('currency slice', () => {
  it('turns loading on and clears the previous error on request', () => {
    const failed = { ...initialCurrencyState, error: 'Old failure' };
    const state = reducer(failed, conversionRequested.pending('first', request));
    expect(state.loading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('stores rate, converted amount and result on success', () => {
    const loading = reducer(initialCurrencyState, conversionRequested.pending('first', request));
    const state = reducer(loading, conversionRequested.fulfilled(quote, 'first', request));
    expect(state).toMatchObject({ loading: false, rate: '1.0769885', convertedAmount: '1.07', conversionResult: quote, error: null });
  });

  it("stores the server's message on failure, or the generic marker without one", () => {
    const loading = reducer({ ...initialCurrencyState, rate: '1.1' }, conversionRequested.pending('first', request));
    const withMessage = reducer(loading, conversionRequested.rejected(null, 'first', request, 'Unknown currency'));
    expect(withMessage).toMatchObject({ loading: false, error: 'Unknown currency', rate: null });
    const withoutMessage = reducer(loading, conversionRequested.rejected(new Error('offline'), 'first', request));
    expect(withoutMessage.error).toBe(CONVERSION_FAILED);
  });

  it('ignores an aborted request: the newer one still owns the loading flag', () => {
    const loading = reducer(initialCurrencyState, conversionRequested.pending('second', request));
    const aborted = conversionRequested.rejected(Object.assign(new Error('Aborted'), { name: 'AbortError' }), 'first', request);
    expect(aborted.meta.aborted).toBe(true);
    expect(reducer(loading, aborted)).toEqual(loading);
  });

  it('replaces the rate shown when the bank answers with a new one', () => {
    const used = reducer(initialCurrencyState, conversionRequested.fulfilled(quote, 'first', request));
    expect(reducer(used, rateChanged('1.0801')).rate).toBe('1.0801');
  });

  it('clears amounts, currencies, rate and result on reset and on sign-out', () => {
    const used = reducer(initialCurrencyState, conversionRequested.fulfilled(quote, 'first', request));
    expect(reducer(used, conversionReset())).toEqual(initialCurrencyState);
    expect(reducer(used, signedOut())).toEqual(initialCurrencyState);
  });
});
