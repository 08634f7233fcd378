import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { beginStatement, postgresFamilyDialect } from './postgres-family-dialect';

/**
 * A Kysely dialect for embedded PGlite.
 *
 * PGlite has one connection. Kysely runs a transaction as BEGIN … COMMIT on a connection it
 * acquired, so two requests sharing that connection would interleave their statements inside one
 * transaction. Acquisition therefore takes a lock that the release gives back: statements of two
 * transactions never mix, exactly as on a PostgreSQL pool with a single connection.
 */
export function pgliteDialect(database: PGlite): Dialect {
  return postgresFamilyDialect(() => new PGliteDriver(database));
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** The tail of the queue of waiters for the single connection. */
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | undefined;

  constructor(private readonly database: PGlite) {
    this.connection = new PGliteConnection(database);
  }

  async init(): Promise<void> {
    await this.database.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(beginStatement(settings)));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    if (!this.database.closed) await this.database.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly database: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters the simple protocol is used, which also runs multi-statement scripts
    // (migrations), as node-postgres does.
    const result =
      compiledQuery.parameters.length === 0
        ? ((await this.database.exec(compiledQuery.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
        : await this.database.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not available on PGlite; read in keyset pages instead');
  }
}
