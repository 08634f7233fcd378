import { metricValue, type BankServer } from './bank-server';
import { cpuShares, cpuSnapshot } from './cpu-share';
import { runLoad, type LoadSpec } from './load';
import type { ProfileWindow } from './profile-summary';
import { resetStatements, statementsReport } from './statements';
import type { Measured } from './transfers';

/** What the server's metrics tell of one run: its CPU (all threads) and the group commit's batches. */
export interface ServerCounters {
  cpuSeconds: number;
  transfers: number;
  transactions: number;
  /** Seconds the jobs waited for their batch to start, summed, and seconds the batches took, summed. */
  waitSeconds: number;
  batchSeconds: number;
}

export async function serverCounters(server: BankServer): Promise<ServerCounters> {
  const text = await server.scrape();
  return {
    cpuSeconds: metricValue(text, 'process_cpu_seconds_total'),
    transfers: metricValue(text, 'bank_group_commit_batch_size_sum'),
    transactions: metricValue(text, 'bank_group_commit_batch_size_count'),
    waitSeconds: metricValue(text, 'bank_group_commit_wait_seconds_sum'),
    batchSeconds: metricValue(text, 'bank_group_commit_batch_seconds_sum'),
  };
}

/** µs of the monotonic clock, as the profile's timestamps are. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** One measured run of the load generator against the bank's server, with what it cost. */
export interface Run {
  figure: Measured;
  window: ProfileWindow;
  before: ServerCounters;
  after: ServerCounters;
  /** Who used the cores meanwhile (cpu-share.ts). */
  cores: string;
  /** The database's costliest statements of the run, when they were asked for (statements.ts); else empty. */
  statements: string[];
}

/**
 * Runs `spec` through the load generator and reads the server's counters and the cores' use around
 * it; with `statementsUrl` (a superuser's, `BENCH_STATEMENTS=1`), the database's statements too,
 * where the server loads pg_stat_statements (statements.ts).
 */
export async function measure(server: BankServer, database: string, name: string, spec: LoadSpec, statementsUrl?: string): Promise<Run> {
  const counting = statementsUrl !== undefined && (await resetStatements(statementsUrl));
  const before = await serverCounters(server);
  const cpuBefore = cpuSnapshot({ server: [server.pid] }, database);
  const startUs = monotonicUs();
  const { figure, cpuSeconds } = await runLoad(spec);
  const endUs = monotonicUs();
  const cores = cpuShares(cpuBefore, cpuSnapshot({ server: [server.pid] }, database), { 'load generator': cpuSeconds });
  const after = await serverCounters(server);
  const statements = counting ? await statementsReport(statementsUrl, database, figure.total) : statementsUrl !== undefined ? ['  (pg_stat_statements is not loaded by this PostgreSQL server)'] : [];
  return { figure, window: { name, startUs, endUs, requests: figure.total }, before, after, cores, statements };
}
