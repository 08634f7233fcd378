import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';
import { prepareRepeatedStatements } from './prepared';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connections at this moment, for the metrics. */
  connections(): ConnectionCounts;
  close(): Promise<void>;
}

/**
 * PostgreSQL's pool: its open connections, those idle, and the queries waiting for one. PGlite has
 * one connection and no pool: its total only (1).
 */
export interface ConnectionCounts {
  total: number;
  idle?: number;
  waiting?: number;
}

/**
 * A DATE is a calendar day, and stays its 'YYYY-MM-DD' text: read as a Date it would be midnight in
 * the process's own time zone, a day early once printed in UTC on a server east of Greenwich.
 */
const DATE_OID = 1082;
const keepText = (value: string) => value;

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (or in memory for `dataDir: 'memory://'`). NUMERIC, BIGINT and DATE come back as strings on both,
 * so money is never turned into a float by the driver.
 */
/** The connections of a server's pool unless told otherwise (bench:api's list floor keeps as many). */
export const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** How long a request may wait for a free connection of the pool before it is answered 503. */
  connectionWaitMs?: number;
  /** Told of a pooled connection that the server closed while it was idle (a restart, a failover). */
  onConnectionLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === DATE_OID ? keepText : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A burst of requests queues for the pool's connections; on a busy machine the queue of a few
      // hundred money transfers takes seconds, which is waiting, not failure.
      connectionTimeoutMillis: options.connectionWaitMs ?? 30_000,
    });
    // An idle connection that PostgreSQL closes (a restart, a failover, pg_terminate_backend) is an
    // 'error' event of the pool; unheard, it would end the process. The pool has already dropped
    // that connection and opens a new one for the next query, so hearing it is all recovery takes.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // A connection that is closed while a request holds it errs twice: its query fails (the request
    // answers 503), then the client itself emits 'error', which the pool hears only for idle
    // clients. Unheard, that second one would end the process; the pool drops the client on release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      prepareRepeatedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }

  const inMemory = options.dataDir === 'memory://';
  let dataDir: string | undefined;
  if (!inMemory) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(dataDir, {
    parsers: {
      [types.INT8]: (value: string) => value,
      [types.NUMERIC]: (value: string) => value,
      [types.DATE]: keepText,
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', connections: () => ({ total: 1 }), close: () => db.destroy() };
}

/** True when the database answers a trivial query within the time limit. */
export async function isDatabaseReady(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown (57P01, also
 * pg_terminate_backend), crash_shutdown (57P02), cannot_connect_now (57P03, starting up or in
 * recovery), the connection-exception class 08, and read_only_sql_transaction (25006): in a
 * failover a connection may still reach the old leader, now a standby, until the proxy cuts it.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '25006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error says the database is away or too busy (no connection came free in time, none
 * could be opened, or the server closed the one in use), rather than that the request was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  return UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message));
}
