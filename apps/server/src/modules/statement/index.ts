/** The statement module's face: statements in every format, and their signatures. */
export { ledgerPeriodTotals } from './balances';
export { keysetKeySchema } from './cursor';
export { default as statementRoutes } from './routes';
export { resolveScope, STATEMENT_COUNT_CAP } from './service';
export { default as signingKeyRoute } from './signing-key-route';
export type { StatementSignatureTables, StatementTables } from './tables';

