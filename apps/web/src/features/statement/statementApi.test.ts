// Proves how the statement screen's state turns into the server's query and back: a preset wins
// over custom dates, empty filters are left out, a decimal comma is read as a point, the direction
// boxes become flags; and the transactions slice merges, resets and keeps templates as docs/product.md#data says.
import { describe, expect, it } from 'vitest';
import { statementQuery } from './statementApi';
import reducer, { emptyFilters, statementFiltersChanged, statementFiltersReset, templateFiltersChanged, templatesLoaded } from './transactionsSlice';

describe('statement query', () => {
  it('sends only the filters that are set, a preset instead of dates, the zone always', () => {
    const query = statementQuery({ ...emptyFilters, period: 'thisMonth', from: '2026-01-01', to: '2026-01-31', amount: ' 75,50 ', incoming: true, selectedType: 'Intra' });
    expect(query).toMatchObject({ period: 'thisMonth', from: undefined, to: undefined, amount: '75.50', incoming: 'true', outgoing: undefined, type: 'Intra' });
    expect(query.timeZone).toEqual(expect.any(String));
    expect(Object.entries(query).filter(([, value]) => value !== undefined).map(([key]) => key).sort()).toEqual(['amount', 'incoming', 'period', 'timeZone', 'type']);
  });

  it('sends custom dates when no preset is chosen', () => {
    expect(statementQuery({ ...emptyFilters, from: '2026-01-01', to: '2026-01-31' })).toMatchObject({ from: '2026-01-01', to: '2026-01-31', period: undefined });
  });
});

describe('transactions slice', () => {
  it('merges filter changes, resets them, and keeps the template filters and list apart', () => {
    let state = reducer(undefined, statementFiltersChanged({ accountNumber: '40700000000000000104', purpose: 'rent' }));
    state = reducer(state, statementFiltersChanged({ incoming: true }));
    expect(state.filters).toEqual({ ...emptyFilters, accountNumber: '40700000000000000104', purpose: 'rent', incoming: true });
    state = reducer(state, templateFiltersChanged({ templateName: 'Аренда' }));
    state = reducer(state, templatesLoaded([{ templateName: 'Аренда', accountNumber: 'a', currency: 'EUR', toAccount: 'b', recipient: 'c', amount: '1.00', type: 'Intra', paymentRegion: null, purpose: null, lastUsed: 1, uses: 1 }]));
    state = reducer(state, statementFiltersReset());
    expect(state.filters).toEqual(emptyFilters);
    expect(state.filtersTemplates.templateName).toBe('Аренда');
    expect(state.templates).toHaveLength(1);
  });
});
