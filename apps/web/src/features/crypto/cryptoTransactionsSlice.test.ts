// Proves the crypto store of docs/product.md#data (the statement's shape, with cryptoTransactionsData): rows of
// the page on screen, filters that the list asks the server with, both cleared at sign-out (docs/product.md#states).
import type { CryptoTransaction } from '@bank/contracts/crypto/crypto-transactions';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../auth';
import { cryptoTransactionsQuery } from './cryptoTransactionsApi';
import reducer, { cryptoFiltersChanged, cryptoFiltersReset, cryptoTransactionsLoaded, emptyCryptoFilters } from './cryptoTransactionsSlice';

const row: CryptoTransaction = {
  transactionNumber: 'C-000001',
  kind: 'transfer',
  wallet: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  counterparty: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  direction: 'OUT',
  amount: '0.01500000',
  fee: '0.00015000',
  currency: 'BTC',
  status: 'New',
  statusReason: null,
  reference: null,
  txHash: null,
  created: 1_760_000_000,
};

describe('crypto transactions slice', () => {
  it('keeps the rows of the page on screen and the filters chosen', () => {
    let state = reducer(undefined, cryptoTransactionsLoaded([row]));
    state = reducer(state, cryptoFiltersChanged({ status: 'Denied', accountNumber: row.wallet }));
    state = reducer(state, cryptoFiltersChanged({ period: 'last30Days' }));
    expect(state.cryptoTransactionsData).toEqual([row]);
    expect(state.filters).toMatchObject({ status: 'Denied', accountNumber: row.wallet, period: 'last30Days' });
    expect(reducer(state, cryptoFiltersReset()).filters).toEqual(emptyCryptoFilters);
  });

  it('completes filters stored before the status filter existed', () => {
    const { status: _missing, ...stored } = emptyCryptoFilters;
    const state = reducer({ cryptoTransactionsData: [], filters: stored as typeof emptyCryptoFilters, filtersTemplates: { accountNumber: '', recipient: '', templateName: '' }, templates: [] }, cryptoFiltersChanged({ period: 'today' }));
    expect(state.filters.status).toBe('');
  });

  it('is emptied at sign-out', () => {
    const used = reducer(reducer(undefined, cryptoTransactionsLoaded([row])), cryptoFiltersChanged({ status: 'New' }));
    expect(reducer(used, signedOut())).toEqual(reducer(undefined, { type: 'init' }));
  });
});

describe('cryptoTransactionsQuery', () => {
  it('asks for one wallet, status and period, 8 a page from a cursor, in the client’s time zone', () => {
    const query = cryptoTransactionsQuery({ ...emptyCryptoFilters, accountNumber: row.wallet, status: 'New', period: 'thisMonth' }, 'cursor-2');
    expect(query).toMatchObject({ wallet: row.wallet, status: 'New', period: 'thisMonth', limit: 8, cursor: 'cursor-2' });
    expect(typeof query.timeZone).toBe('string');
  });

  it('leaves out what is not chosen', () => {
    expect(cryptoTransactionsQuery(emptyCryptoFilters, null)).toMatchObject({ wallet: undefined, status: undefined, period: undefined, cursor: undefined, limit: 8 });
  });
});
