// The database's side of a bench's run, statement by statement (`BENCH_STATEMENTS=1`): where the
// PostgreSQL server loads pg_stat_statements (shared_preload_libraries), its counters are reset
// before the run and read after it, for the run's database alone, as time and calls per request.
// Its times are wall-clock: on a busy machine they include waits for a core and for locks.
import pg from 'pg';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Resets the counters (creating the extension in the connected database if need be); false when the
 * server does not load pg_stat_statements, and then there is nothing to read either.
 */
export async function resetStatements(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ loaded: boolean }>(`select 'pg_stat_statements' = any(string_to_array(current_setting('shared_preload_libraries'), ',')) as loaded`);
    if (!rows[0]?.loaded) return false;
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    return true;
  });
}

/**
 * The run's costliest statements in `database`, per request of the run's `requests`: those the
 * clients sent, then (where `pg_stat_statements.track = all`) those run inside functions and
 * triggers, whose time is also within the statement that called them.
 */
export async function statementsReport(url: string, database: string, requests: number, top = 10): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ calls: string; total_ms: number; query: string; toplevel: boolean }>(
      `select s.calls::text as calls, s.total_exec_time as total_ms, regexp_replace(s.query, '\\s+', ' ', 'g') as query, s.toplevel
       from pg_stat_statements s join pg_database d on d.oid = s.dbid
       where d.datname = $1
       order by s.total_exec_time desc`,
      [database],
    );
    const perRequest = Math.max(1, requests);
    const line = (row: (typeof rows)[number]) =>
      `  ${((row.total_ms * 1000) / perRequest).toFixed(0).padStart(6)} µs per request  ${(Number(row.calls) / perRequest).toFixed(2).padStart(5)} calls  ${((row.total_ms * 1000) / Math.max(1, Number(row.calls))).toFixed(0).padStart(6)} µs each  ${row.query.slice(0, 90)}`;
    const sent = rows.filter((row) => row.toplevel).slice(0, top);
    const nested = rows.filter((row) => !row.toplevel).slice(0, top);
    const total = sent.reduce((sum, row) => sum + row.total_ms, 0);
    return [
      `  the database's statements (pg_stat_statements, wall time): the top ${sent.length}, ${((total * 1000) / perRequest).toFixed(0)} µs per request in all`,
      ...sent.map(line),
      ...(nested.length > 0 ? ['  inside functions and triggers (part of the time above):', ...nested.map(line)] : []),
    ];
  });
}
