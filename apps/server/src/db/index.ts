import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in `dataDir`
 * (or in memory for `dataDir: 'memory://'`). NUMERIC and BIGINT come back as strings on both,
 * so money is never turned into a float by the driver.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** How long a request may wait for a free connection of the pool before it is answered 503. */
  connectionWaitMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A burst of requests queues for the pool's connections; on a busy machine the queue of a few
      // hundred money transfers takes seconds, which is waiting, not failure.
      connectionTimeoutMillis: options.connectionWaitMs ?? 30_000,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
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
    },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
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

/** pg's answer when no connection of the pool came free in time, or none could be opened. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return error.message === 'timeout exceeded when trying to connect' || code === 'ECONNREFUSED' || code === '57P03';
}
