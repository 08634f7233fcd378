// npm run bench:cluster: what the cluster costs a transfer. In one run on one machine, the same load
// (CONNECTIONS connections of internal transfers between CLIENTS random clients, each with its own
// Idempotency-Key, SECONDS per run) against:
//   1. one API process (the production build) on one PostgreSQL: the machine's, a scratch database;
//   2. one API process of the cluster, straight to its port: its database through HAProxy's write
//      port, on the Patroni leader whose commits wait for the synchronous standby;
//   3. the cluster's two API processes, straight to their ports, half the connections each;
//   4. the cluster's HTTP front: HAProxy balancing its two API processes, as clients reach it.
// 1 → 2 is the cost of synchronous replication and of the proxy before the database; 2 → 3 that of
// a second process (on a machine of 2 cores, sharing them; each with half the group commit's
// batches); 3 → 4 that of the HTTP hop through HAProxy. The cluster is one of
// its own in a temporary CLUSTER_DIR, brought up and down by the run. Afterwards the ledger
// invariants are checked on both databases: any violation or error answer exits 1.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../apps/server/src/db';
import { secretRing } from '../apps/server/src/lib/crypto';
import { createSession } from '../apps/server/src/modules/auth';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { ServerProcess } from '../faults/server';
import { freePort } from '../scripts/server-process.mjs';
import { inParallel, openBenchAccounts } from './support/accounts';
import { createScratchDatabase, describeServer } from './support/postgres';
import { measured, transferRequests, type BenchClient, type Measured } from './support/transfers';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 2_000);
/** Each configuration is measured this many times, alternating, so that a noisy moment of the machine does not fall on one alone. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

const print = (line = '') => process.stdout.write(`${line}\n`);

function npmRun(script: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run ${script} failed:\n${result.stdout}`);
  return result.stdout;
}

/** CLIENTS funded clients with a session each, in `db`, under the servers' `secret`. */
async function benchClients(db: Db, secret: string): Promise<BenchClient[]> {
  const ring = secretRing(secret);
  const accounts = await openBenchAccounts(db, { count: CLIENTS, workers: 8, currency: 'EUR', openingMinor: 100_000n });
  const clients: BenchClient[] = new Array(accounts.length);
  await inParallel(accounts.length, 8, async (index) => {
    const account = accounts[index]!;
    clients[index] = { token: await createSession(db, ring, 'client', account.clientId), accountNumber: account.number };
  });
  await sql`analyze`.execute(db);
  return clients;
}

interface Target {
  name: string;
  /** The connections are shared out among these. */
  urls: string[];
  clients: BenchClient[];
  runs: Measured[];
}

/** The figures of loads run side by side, as one: their rates added, the worse of their p99s (no finer without the raw latencies). */
function combined(figures: Measured[]): Measured {
  const sum = (pickFigure: (figure: Measured) => number) => figures.reduce((total, figure) => total + pickFigure(figure), 0);
  return {
    perSecond: sum((figure) => figure.perSecond),
    p50: Math.max(...figures.map((figure) => figure.p50)),
    p99: Math.max(...figures.map((figure) => figure.p99)),
    total: sum((figure) => figure.total),
    ok: sum((figure) => figure.ok),
    errors: sum((figure) => figure.errors),
  };
}

async function main(): Promise<void> {
  print(`Cluster benchmark, ${new Date().toISOString()}`);
  print(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg()[0]!.toFixed(1)}`);
  print(`single database: ${await describeServer(BASE_URL)}`);
  print(`${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, ${CLIENTS} clients on each database`);

  const secret = `bench-cluster-${Date.now().toString(36)}-secret-of-thirty-two-chars`;
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-cluster-'));
  // The postgres user passes through it to its nodes' folders.
  chmodSync(clusterDir, 0o755);
  const clusterEnv = { ...process.env, CLUSTER_DIR: clusterDir, APP_SECRET: secret, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  const scratch = await createScratchDatabase(BASE_URL, 'bench_cluster');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-single-'));
  const single = new ServerProcess((await freePort()) as number, {
    NODE_ENV: 'development',
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  const databases: { name: string; db: Db; close: () => Promise<void> }[] = [];
  let failed = false;
  try {
    await single.start();
    npmRun('cluster:up', clusterEnv);
    const status = JSON.parse(npmRun('cluster:status', clusterEnv)) as { url: string; writeUrl: string; api: { port: number; healthy: boolean }[] };
    print(`cluster: HAProxy, two PostgreSQL 15 nodes under Patroni (a synchronous standby), ${status.api.length} API processes`);
    print();

    const singleDb = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 8 });
    databases.push({ name: 'single database', db: singleDb.db, close: singleDb.close });
    const clusterDb = await openDatabase({ databaseUrl: status.writeUrl, dataDir: 'memory://', poolSize: 8 });
    databases.push({ name: 'cluster', db: clusterDb.db, close: clusterDb.close });
    const singleClients = await benchClients(singleDb.db, secret);
    const clusterClients = await benchClients(clusterDb.db, secret);

    const apiUrls = status.api.map((api) => `http://127.0.0.1:${api.port}`);
    const targets: Target[] = [
      { name: 'one API process, one PostgreSQL', urls: [single.baseUrl], clients: singleClients, runs: [] },
      { name: 'one API process, cluster database', urls: [apiUrls[0]!], clients: clusterClients, runs: [] },
      { name: 'two API processes directly, cluster', urls: apiUrls, clients: clusterClients, runs: [] },
      { name: 'HAProxy front, two API processes, cluster', urls: [status.url], clients: clusterClients, runs: [] },
    ];
    const answered = new Set<string>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of targets) {
        const results = await Promise.all(
          target.urls.map((url) =>
            autocannon({ url: `${url}/api/transaction/create`, connections: CONNECTIONS / target.urls.length, duration: SECONDS, requests: transferRequests(target.clients, 0, answered) }),
          ),
        );
        const figure = combined(results.map(measured));
        target.runs.push(figure);
        print(`round ${round}  ${target.name.padEnd(44)} ${figure.perSecond.toFixed(0).padStart(6)} transfers/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms  ${figure.errors} errors or non-2xx`);
      }
    }

    print();
    const baseline = targets[0]!;
    const mean = (target: Target, pickFigure: (figure: Measured) => number) => target.runs.reduce((sum, figure) => sum + pickFigure(figure), 0) / target.runs.length;
    for (const target of targets) {
      const perSecond = mean(target, (figure) => figure.perSecond);
      const p99 = mean(target, (figure) => figure.p99);
      const against = target === baseline ? '' : `  ${((perSecond / mean(baseline, (figure) => figure.perSecond) - 1) * 100).toFixed(0)} % transfers/s, p99 ${p99 - mean(baseline, (figure) => figure.p99) >= 0 ? '+' : ''}${(p99 - mean(baseline, (figure) => figure.p99)).toFixed(1)} ms against one process on one database`;
      print(`${target.name.padEnd(44)} ${perSecond.toFixed(0).padStart(6)} transfers/s  p99 ${p99.toFixed(1)} ms${against}`);
    }

    const violations: string[] = [];
    for (const database of databases) {
      for (const violation of await findLedgerViolations(database.db)) violations.push(`${database.name}: ${violation.rule}: ${violation.detail}`);
    }
    const errors = targets.flatMap((target) => target.runs).reduce((sum, figure) => sum + figure.errors, 0);
    print();
    print(violations.length === 0 ? `ledger invariants: all hold on both databases; ${answered.size} transfers answered 200` : `ledger invariants VIOLATED:\n  ${violations.join('\n  ')}`);
    print(`error answers: ${errors}`);
    failed = violations.length > 0 || errors > 0;
  } finally {
    for (const database of databases) await database.close().catch(() => undefined);
    await single.stop();
    try {
      npmRun('cluster:down', clusterEnv);
    } finally {
      rmSync(clusterDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
