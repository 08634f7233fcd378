// The statement feature's public face: the transactions slice the cabinet loads and crypto reuses.
export { emptyFilters, transactionsLoaded, type Transaction, type TransactionFilters } from './transactionsSlice';
