// npm run bench:api: the API as clients use it, through the production server on PostgreSQL, each
// figure beside a reference measured in the same run on the same machine. The server, the
// reference and the load generator each run in a process of their own, as they would on machines
// of their own; on this one they share its cores with each other and with PostgreSQL.
//
// 1. The machine's references, printed without a target: pgbench's TPC-B-like script on the same
//    PostgreSQL (CONNECTIONS clients, SECONDS), then a bare Fastify hello-world in a process of its
//    own (bench/support/hello-server.mjs), loaded by the same load generator with the same settings.
//    Then the references the targets are set against, each in a process of its own: a bare SQL
//    ledger (bench/support/sql-ledger.ts: one PL/pgSQL function per transfer, CONNECTIONS workers of
//    node-postgres, in a scratch database of its own), uniform and hot as the bank's transfers are
//    sent; and, once the bank's database is ready, the account list's floor
//    (bench/support/list-floor.mjs: bare Fastify and node-postgres, one prepared statement, the same
//    database, role, clients and tokens as the bank's server).
// 2. A scratch database migrated like production, with an application role that owns nothing;
//    CLIENTS identified clients, each signed in (a session token under the server's APP_SECRET) and
//    holding a EUR account opened by the accounts service, funded through the ledger.
// 3. The production build (`node apps/server/dist/main.js` with npm start's flags, built if stale)
//    in a process of its own, configured as production (bench/support/bank-server.ts). The load
//    generator (bench/support/load.ts, autocannon in a process of its own) sends CONNECTIONS
//    concurrent connections for SECONDS each: account lists of random clients (against
//    hello-world), then internal transfers of 0.01 EUR between random clients, each with its own
//    Idempotency-Key, first uniformly, then with HOT_SHARE of them paying to or from one hot
//    account (both against pgbench). The group commit's batches and the server's CPU per request
//    are read from its GET /metrics before and after each run, and who used the machine's cores
//    meanwhile from /proc (bench/support/cpu-share.ts).
//    Before them, BENCH_WARMUP_SECONDS of both loads, not measured: a server in service has run
//    its code before (the JIT compiler has seen it), and the first seconds of a fresh one have not.
// 4. Afterwards the ledger invariants are checked, and every settled transfer is counted against
//    the keys the load generator saw answered 200, and the SQL ledger's balances and entries are
//    checked too: any violation or any error answer exits 1. The targets are printed as ratios, with
//    the idle share of the cores during the bank's transfers. BENCH_PROFILE=1 runs the server under --cpu-prof and prints
//    where its time went per request in each run (bench/support/profile-summary.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEFAULT_POOL_SIZE, openDatabase } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { grantApplicationRole } from '../apps/server/src/db/roles';
import { secretRing } from '../apps/server/src/lib/crypto';
import { createSession } from '../apps/server/src/modules/auth';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { inParallel, openBenchAccounts } from './support/accounts';
import { startBankServer, type BankServer } from './support/bank-server';
import { cpuShares, cpuSnapshot } from './support/cpu-share';
import { readAnswered, runLoad, type LoadSpec } from './support/load';
import { createScratchDatabase, describeServer, runPgbench } from './support/postgres';
import { runSqlLedger, setUpSqlLedger, sqlLedgerViolations } from './support/sql-ledger';
import { profileReport } from './support/profile-summary';
import type { BenchClient, Measured } from './support/transfers';
import { measure, type Run } from './support/measure';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 10_000);
const HOT_SHARE = Number(process.env.BENCH_HOT_SHARE || 0.2);
/** Seconds of account lists and of transfers before the measured runs, as a server in service has run its code before. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Which runs to make, for a closer look at one of them (the references are skipped when not listed). */
const PHASES = new Set((process.env.BENCH_PHASES || 'pgbench,hello,sql-ledger,floor,drivers,list,uniform,hot').split(','));
/** The server under `--cpu-prof`, its profile kept in bench/.out/ and summarised per run. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The database's costliest statements of each run, where the server loads pg_stat_statements (bench/support/statements.ts). */
const STATEMENTS_URL = process.env.BENCH_STATEMENTS === '1' ? BASE_URL : undefined;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** Against the bare SQL ledger (uniform, hot) and the list's floor; p99 and the idle cores of the bank's transfer runs. */
const TARGETS = { uniform: 1.5, hot: 1.2, list: 0.8, p99Ms: 50, idleCores: 0.1 };

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Prints a run, with its ratio to a reference and, where the reference has one, against its target. */
function report(title: string, figure: Measured, reference?: { name: string; perSecond: number; target?: number }): boolean {
  const ratio = reference ? figure.perSecond / reference.perSecond : undefined;
  const target = reference?.target;
  const met = ratio === undefined || target === undefined || ratio >= target;
  print(
    `${title.padEnd(44)} ${figure.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms  ` +
      `${figure.total} requests, ${figure.errors} errors or non-2xx` +
      (reference ? `  ratio to ${reference.name} ${ratio!.toFixed(2)}${target === undefined ? '' : ` (target ≥ ${target}: ${met ? 'met' : 'MISSED'})`}` : ''),
  );
  return met;
}

const NO_FIGURE: Measured = { perSecond: NaN, p50: NaN, p99: NaN, total: 0, ok: 0, errors: 0 };

/**
 * A reference server (`script`, which prints its address) in a process of its own, loaded by the
 * load generator as `spec` says with the address given; `database` names the database whose
 * backends count as its PostgreSQL.
 */
async function referenceServer(name: string, script: string, env: Record<string, string>, spec: (url: string) => LoadSpec, database?: string): Promise<{ figure: Measured; cores: string }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'support', script)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    const before = cpuSnapshot({ [name]: [child.pid!] }, database);
    const { figure, cpuSeconds } = await runLoad(spec(url));
    return { figure, cores: cpuShares(before, cpuSnapshot({ [name]: [child.pid!] }, database), { 'load generator': cpuSeconds }) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** The cores' use during a run, under its figures. */
function printCores(cores: string): void {
  print(`${''.padEnd(44)} cores used: ${cores}`);
}

/** The idle cores of a run's "cores used" line (cpu-share.ts). */
const idleCoresOf = (cores: string): number => Number(/idle (\d+(?:\.\d+)?)/.exec(cores)?.[1] ?? Number.NaN);

/** The server's cost of a run; for transfers, with its p99 and idle cores against their targets, which it answers. */
function printServerCost(run: Run, transfers: boolean): boolean[] {
  const cpuUs = ((run.after.cpuSeconds - run.before.cpuSeconds) * 1e6) / Math.max(1, run.figure.total);
  const batches = run.after.transactions - run.before.transactions;
  const perTransaction = (run.after.transfers - run.before.transfers) / Math.max(1, batches);
  const waitMs = ((run.after.waitSeconds - run.before.waitSeconds) * 1000) / Math.max(1, run.after.transfers - run.before.transfers);
  const batchMs = ((run.after.batchSeconds - run.before.batchSeconds) * 1000) / Math.max(1, batches);
  const p99Met = run.figure.p99 < TARGETS.p99Ms;
  const idle = idleCoresOf(run.cores);
  const idleMet = idle < TARGETS.idleCores;
  print(
    `${''.padEnd(44)} server CPU ${cpuUs.toFixed(0)} µs per request (process, all threads)` +
      (transfers
        ? `; ${perTransaction.toFixed(1)} transfers per database transaction; a transfer waited ${waitMs.toFixed(1)} ms for its batch to start, a batch took ${batchMs.toFixed(1)} ms; p99 ${run.figure.p99} ms (target < ${TARGETS.p99Ms}: ${p99Met ? 'met' : 'MISSED'}); idle cores ${idle.toFixed(2)} (target < ${TARGETS.idleCores}: ${idleMet ? 'met' : 'MISSED'})`
        : ''),
  );
  printCores(run.cores);
  return transfers ? [p99Met, idleMet] : [];
}

/** The bare SQL ledger's runs, uniform and hot, in a scratch database of its own; its figures by phase and what it broke. */
async function sqlLedgerReference(): Promise<{ figures: Record<'uniform' | 'hot', Measured>; violations: string[] }> {
  const figures = { uniform: NO_FIGURE, hot: NO_FIGURE };
  if (!PHASES.has('sql-ledger')) return { figures, violations: [] };
  const scratch = await createScratchDatabase(BASE_URL, 'bench_sql_ledger');
  try {
    await setUpSqlLedger(scratch.url, CLIENTS);
    const spec = { url: scratch.url, workers: CONNECTIONS, seconds: SECONDS, accounts: CLIENTS };
    if (WARMUP_SECONDS > 0) await runSqlLedger({ ...spec, seconds: WARMUP_SECONDS, hotShare: 0 }, () => undefined);
    for (const [phase, share] of [['uniform', 0], ['hot', HOT_SHARE]] as const) {
      const before = cpuSnapshot({}, scratch.name);
      const { figure, cpuSeconds, finished: after } = await runSqlLedger({ ...spec, hotShare: share }, () => cpuSnapshot({}, scratch.name));
      figures[phase] = figure;
      report(`bare SQL ledger, ${phase === 'uniform' ? 'uniform' : `hot (${Math.round(HOT_SHARE * 100)} %)`} (reference)`, figure);
      printCores(cpuShares(before, after, { 'reference workers': cpuSeconds }));
    }
    return { figures, violations: await sqlLedgerViolations(scratch.url, CLIENTS) };
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<void> {
  buildIfStale();
  print(`API benchmark, ${new Date().toISOString()}`);
  print(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  print(await describeServer(BASE_URL));
  print(`${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ${CLIENTS} clients; the server, the load generator and hello-world each in a process of their own${PROFILE ? '; the server under --cpu-prof' : ''}`);
  print();

  const pgbench = PHASES.has('pgbench') ? await runPgbench(BASE_URL, { scale: 10, clients: CONNECTIONS, threads: 2, seconds: SECONDS }) : { tps: NaN };
  print(`${'pgbench TPC-B (machine reference)'.padEnd(44)} ${pgbench.tps.toFixed(0).padStart(6)} tps`);
  if (PHASES.has('hello')) {
    const run = await referenceServer('hello-world', 'hello-server.mjs', {}, (url) => ({ kind: 'get', url, connections: CONNECTIONS, seconds: SECONDS }));
    report('bare Fastify hello-world (machine reference)', run.figure);
    printCores(run.cores);
  }
  const sqlLedger = await sqlLedgerReference();

  const scratch = await createScratchDatabase(BASE_URL, 'bench_api', { applicationRole: true });
  const owner = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 16 });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-api-'));
  const profileDir = PROFILE ? path.join(REPO_ROOT, 'bench/.out', `api-profile-${new Date().toISOString().replace(/[:.]/g, '-')}`) : undefined;
  let server: BankServer | undefined;
  let failed = false;
  try {
    await migrate(owner.db);
    await grantApplicationRole(owner.db, scratch.application!.role);
    const secret = randomBytes(32).toString('hex');
    const ring = secretRing(secret);
    const accounts = await openBenchAccounts(owner.db, { count: CLIENTS, workers: 16, currency: 'EUR', openingMinor: 100_000n });
    const clients: BenchClient[] = new Array(accounts.length);
    await inParallel(accounts.length, 16, async (index) => {
      const account = accounts[index]!;
      clients[index] = { token: await createSession(owner.db, ring, 'client', account.clientId), accountNumber: account.number };
    });
    await sql`vacuum analyze`.execute(owner.db);
    const clientsFile = path.join(workDir, 'clients.json');
    writeFileSync(clientsFile, JSON.stringify(clients));

    if (profileDir) mkdirSync(profileDir, { recursive: true });
    server = await startBankServer({ databaseUrl: scratch.application!.url, ownerUrl: scratch.url, secret, profileDir });
    const load = { connections: CONNECTIONS, seconds: SECONDS, clientsFile };
    const answeredFiles: string[] = [];
    let transferRuns = 0;
    if (WARMUP_SECONDS > 0) {
      const warmup = { ...load, seconds: WARMUP_SECONDS };
      await runLoad({ ...warmup, kind: 'signed-get', url: `${server.url}/api/account/list` });
      const answeredFile = path.join(workDir, 'answered-warmup.txt');
      await runLoad({ ...warmup, kind: 'transfers', url: `${server.url}/api/transaction/create`, hotShare: HOT_SHARE, answeredFile });
      answeredFiles.push(answeredFile);
      transferRuns += 1;
    }

    const met: boolean[] = [];
    const runs: Run[] = [];
    let floor = NO_FIGURE;
    if (PHASES.has('floor')) {
      const env = { DATABASE_URL: scratch.application!.url, APP_SECRET: secret, POOL_SIZE: String(DEFAULT_POOL_SIZE) };
      const run = await referenceServer('list floor', 'list-floor.mjs', env, (url) => ({ ...load, kind: 'signed-get', url: `${url}/api/account/list` }), scratch.name);
      floor = run.figure;
      report('GET /api/account/list floor (reference)', floor);
      printCores(run.cores);
    }
    if (PHASES.has('drivers')) {
      // The same floor through postgres.js, which pipelines: the driver's share of the call, measured
      // against node-postgres (the server's driver) in the same run. No target: a measure of the choice.
      const env = { DATABASE_URL: scratch.application!.url, APP_SECRET: secret, POOL_SIZE: String(DEFAULT_POOL_SIZE), DRIVER: 'postgres.js' };
      const run = await referenceServer('list floor, postgres.js', 'list-floor.mjs', env, (url) => ({ ...load, kind: 'signed-get', url: `${url}/api/account/list` }), scratch.name);
      report('GET /api/account/list floor on postgres.js', run.figure, { name: 'the floor on node-postgres', perSecond: floor.perSecond });
      printCores(run.cores);
    }
    if (PHASES.has('list')) {
      const run = await measure(server, scratch.name, 'GET /api/account/list', { ...load, kind: 'signed-get', url: `${server.url}/api/account/list` }, STATEMENTS_URL);
      met.push(report('GET /api/account/list', run.figure, { name: 'its floor', perSecond: floor.perSecond, target: TARGETS.list }));
      printServerCost(run, false);
      for (const line of run.statements) print(line);
      runs.push(run);
    }

    for (const [phase, name, share, target] of [
      ['uniform', 'uniform', 0, TARGETS.uniform],
      ['hot', `hot (${Math.round(HOT_SHARE * 100)} % touch one account)`, HOT_SHARE, TARGETS.hot],
    ] as const) {
      if (!PHASES.has(phase)) continue;
      const answeredFile = path.join(workDir, `answered-${phase}.txt`);
      const title = `POST /api/transaction/create ${name}`;
      const run = await measure(server, scratch.name, title, { ...load, kind: 'transfers', url: `${server.url}/api/transaction/create`, hotShare: share, answeredFile }, STATEMENTS_URL);
      answeredFiles.push(answeredFile);
      transferRuns += 1;
      met.push(report(title, run.figure, { name: 'the bare SQL ledger', perSecond: sqlLedger.figures[phase].perSecond, target }));
      met.push(...printServerCost(run, true));
      for (const line of run.statements) print(line);
      runs.push(run);
    }
    const stopping = server;
    server = undefined;
    await stopping.stop();

    // Every 200 answer is a settled transfer with its key's answer stored, and every settled
    // transfer has exactly one key: nothing answered without being written, nothing written twice.
    // Requests still in flight when a run stopped settled without their answer being counted.
    const answered = new Set(answeredFiles.flatMap(readAnswered));
    const violations = [...(await findLedgerViolations(owner.db)).map((violation) => `${violation.rule}: ${violation.detail}`), ...sqlLedger.violations];
    const count = async (query: ReturnType<typeof sql<{ count: string }>>) => Number((await query.execute(owner.db)).rows[0]!.count);
    const settled = await count(sql`select count(*) as count from operations where kind = 'internal'`);
    const keysWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200`);
    const answeredWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200 and key = any(${[...answered]}::text[])`);
    if (answeredWritten !== answered.size) violations.push(`${answered.size - answeredWritten} transfers answered 200 have no stored answer`);
    if (keysWritten !== settled) violations.push(`${settled} transfers settled, ${keysWritten} keys hold their answer`);
    const inFlightAtStop = settled - answered.size;
    if (inFlightAtStop < 0 || inFlightAtStop > CONNECTIONS * transferRuns) violations.push(`${settled} transfers settled, ${answered.size} answered 200`);
    print();
    print(violations.length === 0 ? `ledger invariants: all hold; ${settled} transfers settled, each under its own key, ${answered.size} answered 200 (the rest in flight at a run's end)` : `ledger invariants VIOLATED:\n  ${violations.join('\n  ')}`);
    const errors = runs.reduce((sum, run) => sum + run.figure.errors, 0);
    print(`targets: ${met.every(Boolean) ? 'all met' : `${met.filter((item) => !item).length} missed`}; error answers: ${errors}; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
    failed = violations.length > 0 || errors > 0;

    if (profileDir) for (const line of profileReport(profileDir, runs.map((run) => run.window), REPO_ROOT)) print(line);
  } finally {
    await server?.stop().catch((error: unknown) => console.error(error));
    await owner.close();
    await scratch.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
