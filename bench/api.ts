// npm run bench:api: the API as clients use it, through the real HTTP server on PostgreSQL, each
// figure beside a reference measured in the same run on the same machine.
//
// 1. References: pgbench's TPC-B-like script on the same PostgreSQL (CONNECTIONS clients, SECONDS),
//    then a bare Fastify hello-world in this process under the same autocannon settings.
// 2. A scratch database migrated like production; CLIENTS identified clients, each signed in (a
//    session token) and holding a EUR account opened by the accounts service, funded through the
//    ledger.
// 3. The app listens on a loopback port; autocannon sends CONNECTIONS concurrent connections for
//    SECONDS each: account lists of random clients (against hello-world), then internal transfers
//    of 0.01 EUR between random clients, each with its own Idempotency-Key, first uniformly, then
//    with HOT_SHARE of them paying to or from one hot account (both against pgbench).
// 4. Afterwards the ledger invariants are checked, and every settled transfer is counted against
//    the 200 answers: any violation or any error answer exits 1. The targets are printed as ratios.
import { systemClock } from '../apps/server/src/modules/jobs/clock';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp, loggerOptions } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { createSession } from '../apps/server/src/modules/auth/sessions';
import { HTTP_GROUP_COMMIT } from '../apps/server/src/modules/ledger/group-commit';
import { findLedgerViolations } from '../apps/server/src/modules/ledger/invariants';
import { BankMetrics } from '../apps/server/src/modules/metrics';
import { capturingMailer } from '../apps/server/src/test/harness';
import { inParallel, openBenchAccounts } from './support/accounts';
import { createScratchDatabase, describeServer, runPgbench } from './support/postgres';
import { measured, pick, transferRequests, type BenchClient, type Measured } from './support/transfers';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 10_000);
const HOT_SHARE = Number(process.env.BENCH_HOT_SHARE || 0.2);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE || 10);
/** Transactions in flight of the group commit, if not the server's own setting. */
const FLUSHES = process.env.BENCH_FLUSHES ? Number(process.env.BENCH_FLUSHES) : undefined;
/** Which runs to make, for a closer look at one of them (the references are skipped when not listed). */
const PHASES = new Set((process.env.BENCH_PHASES || 'pgbench,hello,list,uniform,hot').split(','));

const TARGETS = { uniform: 1.2, hot: 1.0, list: 0.25, p99Ms: 100 };

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function report(title: string, figure: Measured, reference?: { name: string; perSecond: number; target: number }): boolean {
  const ratio = reference ? figure.perSecond / reference.perSecond : undefined;
  const met = ratio === undefined || ratio >= reference!.target;
  print(
    `${title.padEnd(44)} ${figure.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms  ` +
      `${figure.total} requests, ${figure.errors} errors or non-2xx` +
      (reference ? `  ratio to ${reference.name} ${ratio!.toFixed(2)} (target ≥ ${reference.target}: ${met ? 'met' : 'MISSED'})` : ''),
  );
  return met;
}

/** A bare Fastify answering {"hello":"world"}: the ceiling of a JSON GET in this process. */
async function helloWorld(): Promise<Measured> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return measured(await autocannon({ url, connections: CONNECTIONS, duration: SECONDS }));
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  print(`API benchmark, ${new Date().toISOString()}`);
  print(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg()[0]!.toFixed(1)}`);
  print(await describeServer(BASE_URL));
  print(`${CONNECTIONS} connections, ${SECONDS} s per run, ${CLIENTS} clients, pool of ${POOL_SIZE} database connections, ${FLUSHES ?? HTTP_GROUP_COMMIT.maxConcurrentFlushes} group-commit transactions in flight`);
  print();

  const pgbench = PHASES.has('pgbench') ? await runPgbench(BASE_URL, { scale: 10, clients: CONNECTIONS, threads: 2, seconds: SECONDS }) : { tps: NaN };
  print(`${'pgbench TPC-B (reference)'.padEnd(44)} ${pgbench.tps.toFixed(0).padStart(6)} tps`);
  const hello = PHASES.has('hello') ? await helloWorld() : { perSecond: NaN, p50: NaN, p99: NaN, total: 0, ok: 0, errors: 0 };
  report('bare Fastify hello-world (reference)', hello);

  const scratch = await createScratchDatabase(BASE_URL, 'bench_api');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: POOL_SIZE });
  let failed = false;
  try {
    await migrate(database.db);
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const accounts = await openBenchAccounts(database.db, { count: CLIENTS, workers: 16, currency: 'EUR', openingMinor: 100_000n });
    const clients: BenchClient[] = new Array(accounts.length);
    await inParallel(accounts.length, 16, async (index) => {
      const account = accounts[index]!;
      clients[index] = { token: await createSession(database.db, config.secret, 'client', account.clientId), accountNumber: account.number };
    });
    await sql`vacuum analyze`.execute(database.db);

    // Logging as in production (info), into /dev/null: its cost is part of what clients wait for.
    const logger = pino(loggerOptions('info') as pino.LoggerOptions, pino.destination('/dev/null'));
    // Measured as in production (METRICS_PORT set): the request hooks and the group commit's
    // observations are part of each request's cost. Nothing scrapes during the runs.
    const metrics = new BankMetrics(database);
    const app = await buildApp({ config, db: database.db, databaseKind: database.kind, mailer: capturingMailer([]), cryptoKeys: null, clock: systemClock(config.time.zone), metrics }, {
      webDist: null,
      loggerInstance: logger,
      groupCommit: FLUSHES ? { ...HTTP_GROUP_COMMIT, maxConcurrentFlushes: FLUSHES } : undefined,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const met: boolean[] = [];
    let listErrors = 0;
    if (PHASES.has('list')) {
      const list = measured(
        await autocannon({
          url: `${url}/api/account/list`,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: [{ setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${pick(clients).token}` } }) }],
        }),
      );
      met.push(report('GET /api/account/list', list, { name: 'hello-world', perSecond: hello.perSecond, target: TARGETS.list }));
      listErrors = list.errors;
    }

    const transfers: Measured[] = [];
    const answered = new Set<string>();
    for (const [phase, name, share, target] of [
      ['uniform', 'uniform', 0, TARGETS.uniform],
      ['hot', `hot (${Math.round(HOT_SHARE * 100)} % touch one account)`, HOT_SHARE, TARGETS.hot],
    ] as const) {
      if (!PHASES.has(phase)) continue;
      const before = { ...app.money.committed };
      const figure = measured(await autocannon({ url: `${url}/api/transaction/create`, connections: CONNECTIONS, duration: SECONDS, requests: transferRequests(clients, share, answered) }));
      transfers.push(figure);
      met.push(report(`POST /api/transaction/create ${name}`, figure, { name: 'pgbench', perSecond: pgbench.tps, target }));
      const jobs = app.money.committed.jobs - before.jobs;
      const transactions = app.money.committed.transactions - before.transactions;
      print(`${''.padEnd(44)} ${(jobs / Math.max(1, transactions)).toFixed(1)} transfers per database transaction; p99 ${figure.p99} ms (target < ${TARGETS.p99Ms}: ${figure.p99 < TARGETS.p99Ms ? 'met' : 'MISSED'})`);
      met.push(figure.p99 < TARGETS.p99Ms);
    }
    await app.close();

    // Every 200 answer is a settled transfer with its key's answer stored, and every settled
    // transfer has exactly one key: nothing answered without being written, nothing written twice.
    // Requests still in flight when a run stopped settled without their answer being counted.
    const violations = (await findLedgerViolations(database.db)).map((violation) => `${violation.rule}: ${violation.detail}`);
    const count = async (query: ReturnType<typeof sql<{ count: string }>>) => Number((await query.execute(database.db)).rows[0]!.count);
    const settled = await count(sql`select count(*) as count from transfers where kind = 'internal'`);
    const keysWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200`);
    const answeredWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200 and key = any(${[...answered]}::text[])`);
    if (answeredWritten !== answered.size) violations.push(`${answered.size - answeredWritten} transfers answered 200 have no stored answer`);
    if (keysWritten !== settled) violations.push(`${settled} transfers settled, ${keysWritten} keys hold their answer`);
    const inFlightAtStop = settled - answered.size;
    if (inFlightAtStop < 0 || inFlightAtStop > CONNECTIONS * transfers.length) violations.push(`${settled} transfers settled, ${answered.size} answered 200`);
    print();
    print(violations.length === 0 ? `ledger invariants: all hold; ${settled} transfers settled, each under its own key, ${answered.size} answered 200 (the rest in flight at a run's end)` : `ledger invariants VIOLATED:\n  ${violations.join('\n  ')}`);
    const errors = listErrors + transfers.reduce((sum, figure) => sum + figure.errors, 0);
    print(`targets: ${met.every(Boolean) ? 'all met' : `${met.filter((item) => !item).length} missed`}; error answers: ${errors}`);
    failed = violations.length > 0 || errors > 0;
  } finally {
    await database.close();
    await scratch.drop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
