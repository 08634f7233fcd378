import { PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Dialect, type Driver, type TransactionSettings } from 'kysely';

/**
 * A Kysely dialect that speaks PostgreSQL's SQL over the driver given: embedded PGlite's
 * (`pglite-dialect.ts`) or postgres.js's (`postgres-js-dialect.ts`). Only the drivers differ.
 */
export function postgresFamilyDialect(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** The statement that opens a transaction with Kysely's settings. */
export function beginStatement(settings: TransactionSettings): string {
  const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
  const access = settings.accessMode ? ` ${settings.accessMode}` : '';
  return `begin${isolation}${access}`;
}
