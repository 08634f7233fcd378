import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import type { ReservedSql, Sql } from 'postgres';
import { beginStatement, postgresFamilyDialect } from './postgres-family-dialect';

/**
 * A Kysely dialect for PostgreSQL through postgres.js (docs/architecture.md#the-database-driver).
 *
 * A statement outside a transaction goes to the pool as it is: postgres.js sends it on an idle
 * connection or pipelines it behind the statements in flight on a busy one, so the statements of
 * many requests leave in one write and come back in one read. That is why the server uses it
 * (bench:api's `drivers` phase measured the difference).
 *
 * A transaction needs a connection of its own for its whole length: Kysely acquires a connection,
 * then begins the transaction on it, so the connection handed out is the pool until `begin`, which
 * reserves one of the pool's connections; commit or rollback gives it back. Kysely's
 * `db.connection()` is therefore the pool too: statements that must share a session (temporary
 * tables, `set`) run in a transaction.
 */
export function postgresJsDialect(sql: Sql): Dialect {
  return postgresFamilyDialect(() => new PostgresJsDriver(sql));
}

/**
 * Texts run as named prepared statements: PostgreSQL then parses each once per connection and, after
 * a few runs, plans it once too. The app's queries all have parameters; parameterless text may be a
 * migration of many statements, which only the simple protocol runs. Past MAX_NAMED_TEXTS distinct
 * texts, new ones run unnamed, so an unforeseen stream of distinct texts cannot fill the database
 * server's memory with statements.
 */
export const MAX_NAMED_TEXTS = 2_000;

class PostgresJsDriver implements Driver {
  private readonly named = new Set<string>();

  constructor(private readonly sql: Sql) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql, this.named);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as PostgresJsConnection).begin(beginStatement(settings));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PostgresJsConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PostgresJsConnection).end('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PostgresJsConnection).release();
  }

  async destroy(): Promise<void> {
    // Statements still in flight get a few seconds; a database that does not answer cannot hold
    // the server's shutdown.
    await this.sql.end({ timeout: 5 });
  }
}

/** What a statement's answer is: rows, and for a command with many statements one answer each. */
type Answer = Array<Record<string, unknown>> & { count?: number | null; command?: string };

const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PostgresJsConnection implements DatabaseConnection {
  private reserved: ReservedSql | undefined;

  constructor(
    private readonly pool: Sql,
    private readonly named: Set<string>,
  ) {}

  async begin(statement: string): Promise<void> {
    const reserved = await this.pool.reserve();
    try {
      await reserved.unsafe(statement);
    } catch (error) {
      reserved.release();
      throw error;
    }
    this.reserved = reserved;
  }

  /**
   * Ends the transaction and gives its connection back. Kysely rolls back after a failed commit: the
   * connection is already back then (PostgreSQL ended the transaction with the refused commit), so
   * there is nothing to roll back and the commit's error is the one the caller sees. A rollback
   * that fails (the connection lost) is not the caller's error either: Kysely would throw it in
   * place of the one that caused the rollback (a deadlock to retry, a refusal to answer), and
   * postgres.js closes a connection given back still inside a transaction.
   */
  async end(statement: 'commit' | 'rollback'): Promise<void> {
    const reserved = this.reserved;
    if (reserved === undefined) return;
    try {
      await reserved.unsafe(statement);
    } catch (error) {
      if (statement === 'commit') throw error;
    } finally {
      this.release();
    }
  }

  release(): void {
    const reserved = this.reserved;
    this.reserved = undefined;
    reserved?.release();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.pool;
    const parameters = compiledQuery.parameters as unknown[];
    const answer = (await target.unsafe(compiledQuery.sql, parameters as never[], { prepare: parameters.length > 0 && this.mayName(compiledQuery.sql) })) as unknown as Answer;
    // Several statements in one text (the simple protocol) answer once each: the last one speaks.
    const last = answer.command === undefined && Array.isArray(answer.at(-1)) ? (answer.at(-1) as unknown as Answer) : answer;
    return {
      rows: last as unknown as R[],
      ...(last.command !== undefined && COUNTED_COMMANDS.has(last.command) && typeof last.count === 'number' ? { numAffectedRows: BigInt(last.count) } : {}),
    };
  }

  private mayName(text: string): boolean {
    if (this.named.has(text)) return true;
    if (this.named.size >= MAX_NAMED_TEXTS) return false;
    this.named.add(text);
    return true;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used by the server; read in keyset pages instead');
  }
}
