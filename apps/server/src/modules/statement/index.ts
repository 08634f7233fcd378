/** The statement module's face: statements in every format, and their signatures. */
export { ledgerPeriodTotals } from './balances';
export { keysetKeySchema } from './cursor';
export { default as statementRoutes } from './routes';
export { resolveScope, STATEMENT_COUNT_CAP } from './service';
export { default as signingKeyRoute } from './signing-key-route';
export type { StatementSignatureTables, StatementTables } from './tables';
export { readBalanceHistory } from './balance-history';
export { statementCamt053 } from './camt053';
export { statementCsv } from './csv';
export { statementMt940 } from './mt940';
export { readStatementPage } from './service';
export { listTemplates } from './templates';
