import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import postgres from 'postgres';
import type { Database } from './schema';
import { pgliteDialect } from './pglite-dialect';
import { postgresJsDialect } from './postgres-js-dialect';

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
/** A DATE parameter: its text, or the UTC calendar day of a Date (as node-postgres's cast did on a UTC server). */
const dateParameter = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
const JSON_OID = 114;
const JSONB_OID = 3802;
const jsonParameter = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

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
    let ending = false;
    const pool = postgres(options.databaseUrl, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A burst of requests queues for the pool's connections; on a busy machine the queue of a few
      // hundred money transfers takes seconds, which is waiting, not failure.
      queue_timeout: (options.connectionWaitMs ?? 30_000) / 1000,
      // A connection lives until the database or the server ends it, as the named statements it
      // has prepared are worth keeping (their number is bounded: MAX_NAMED_TEXTS).
      max_lifetime: null,
      types: {
        dateText: { to: DATE_OID, from: [DATE_OID], serialize: dateParameter, parse: keepText },
        // A JSON parameter given as text is the JSON itself (the app writes JSON.stringify's text
        // where it has it); anything else is turned into JSON.
        json: { to: JSON_OID, from: [JSON_OID, JSONB_OID], serialize: jsonParameter, parse: (text: string) => JSON.parse(text) as unknown },
      },
      // An absent value is SQL's null.
      transform: { undefined: null },
      // Types the driver does not know (pg-boss's enum of a job's state) are read as their text, as
      // node-postgres read them, without a look-up that pauses a connection or opens another.
      fetch_types: false,
      // PostgreSQL's notices (an "already exists, skipping" of a migration) are not the log's business.
      onnotice: () => undefined,
      // A connection that PostgreSQL closes (a restart, a failover, pg_terminate_backend) fails the
      // statements in flight on it (the requests answer 503) and leaves the pool, which opens a new
      // one for the next statement: being told is all recovery takes.
      onclose: () => {
        if (!ending) options.onConnectionLost?.(new Error('a pooled connection was closed'));
      },
    });
    const db = new Kysely<Database>({ dialect: postgresJsDialect(pool) });
    return {
      db,
      kind: 'postgres',
      connections: () => {
        const stats = pool.stats;
        return { total: stats.connections, idle: stats.idle, waiting: stats.waiting };
      },
      close: async () => {
        ending = true;
        await db.destroy();
      },
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
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
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
 * recovery), too_many_connections (53300), the connection-exception class 08, and
 * read_only_sql_transaction (25006): in a failover a connection may still reach the old leader,
 * now a standby, until the proxy cuts it.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '25006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * The driver's own codes for a connection that closed, could not be opened in time or was never
 * free in time (postgres.js: a statement in flight on a closed connection fails with one of these,
 * and the pool opens a new connection for the next).
 */
const UNAVAILABLE_DRIVER_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'QUEUE_TIMEOUT',
  'QUERY_TIMEOUT',
  'CANCEL_UNANSWERED',
  'TLS_HANDSHAKE_FAILED',
]);

/**
 * Whether an error says the database is away or too busy (no connection came free in time, none
 * could be opened, or the server closed the one in use), rather than that the request was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_DRIVER_CODES.has(code));
}
