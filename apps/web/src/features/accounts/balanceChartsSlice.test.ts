// Proves the overview's base currency is EUR until the client chooses another, keeps the choice,
// goes back to EUR at sign-out, and that a state persisted before the charts existed reads as EUR.
import { describe, expect, it } from 'vitest';
import { signedOut } from '../auth';
import reducer, { baseCurrencyChosen, initialBalanceChartsState, selectBaseCurrency } from './balanceChartsSlice';

describe('the balance charts preferences', () => {
  it('keep the chosen base currency until sign-out', () => {
    expect(initialBalanceChartsState.baseCurrency).toBe('EUR');
    const chosen = reducer(initialBalanceChartsState, baseCurrencyChosen('USD'));
    expect(selectBaseCurrency({ balanceCharts: chosen })).toBe('USD');
    expect(reducer(chosen, signedOut())).toEqual(initialBalanceChartsState);
  });

  it('read EUR from a state persisted before they existed', () => {
    expect(selectBaseCurrency({})).toBe('EUR');
  });
});
