// The statement feature's public face: the transactions slice the cabinet loads, and what the crypto
// list shares with the statement (its filters' shape, dates in the Russian locale, the client's time zone).
export { emptyFilters, transactionsLoaded, type Transaction, type TransactionFilters } from './transactionsSlice';
export { formatRowDate } from './labels';
export { clientTimeZone } from './statementApi';
