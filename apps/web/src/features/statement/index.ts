// The statement feature's public face: the transactions slice the cabinet loads, and what the crypto
// list shares with the statement (its filters' shape, dates in the Russian locale, the client's time
// zone, and its rows: the table or phone cards, signed amounts, and rows that did not load), and the
// names of transfer statuses, for the screens that show them.
export { emptyFilters, transactionsLoaded, type Transaction, type TransactionFilters } from './transactionsSlice';
export { formatRowDate, statusKey } from './labels';
export { clientTimeZone, resolveClientTimeZoneWhenIdle } from './statementApi';
export { RowsLoadFailed, SignedAmount, StatementRows } from './StatementRows';
