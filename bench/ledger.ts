// npm run bench:ledger: internal transfers per second through the ledger on PostgreSQL, against
// pgbench's TPC-B-like script on the same server with the same clients for the same time.
//
// 1. pgbench -i -s 10 on a scratch database, then pgbench -c 32 -j 2 -T 20: its tps.
// 2. A scratch database migrated like production; 10,000 identified clients, each with a EUR
//    account opened by the accounts service and funded through the ledger.
// 3. 32 workers post internal transfers for 20 s, each waiting for its transfer before sending the
//    next, first uniformly among all accounts, then with 20 % of transfers touching one hot account.
//    They go through the production code of POST /api/transaction/create past its checks: the group
//    commit (ledger/group-commit.ts) gathers the transfers in flight into shared database
//    transactions, each transfer still succeeding or failing on its own, and settleInternalTransfers
//    books them (ordered row locks, journal entry, postings, balances, transfer and statement rows,
//    audit). Idempotency keys are bench:api's part: there every transfer carries one.
// 4. Every invariant is checked: each currency sums to zero, every balance equals its postings,
//    none below zero, and each account's balance equals the bigint model of the successful
//    transfers (no posting lost or doubled). Exit code 1 on any violation.
import { performance } from 'node:perf_hooks';
import { decimalToMinor, formatMinor } from '@bank/contracts';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../apps/server/src/db';
import { AppError } from '../apps/server/src/lib/errors';
import { migrate } from '../apps/server/src/db/migrate';
import type { ClientAccount } from '../apps/server/src/modules/accounts';
import { findLedgerViolations, GroupCommit, HTTP_GROUP_COMMIT } from '../apps/server/src/modules/ledger';
import { internalTransferJob, type InternalTransferOrder } from '../apps/server/src/modules/transfers';
import { openBenchAccounts } from './support/accounts';
import { createScratchDatabase, describeServer, runPgbench } from './support/postgres';
import { LatencyRecorder, percentile } from './support/stats';

function setting(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number`);
  return parsed;
}

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = setting('BENCH_SECONDS', 20);
const WORKERS = setting('BENCH_WORKERS', 32);
const ACCOUNTS = setting('BENCH_ACCOUNTS', 10_000);
/** Most transfers one database transaction carries, and transactions in flight (group commit). */
const MAX_BATCH = setting('BENCH_MAX_BATCH', 256);
const FLUSHES = setting('BENCH_FLUSHES', HTTP_GROUP_COMMIT.maxConcurrentFlushes);
/**
 * How long a transaction runs before another starts beside it, as the server's group commit has it;
 * `BENCH_OVERLAP_MS=none` starts one as soon as a transaction is free (the setting before 7 December).
 */
const OVERLAP_MS = process.env.BENCH_OVERLAP_MS === 'none' ? undefined : setting('BENCH_OVERLAP_MS', HTTP_GROUP_COMMIT.overlapAfterMs ?? 0);
/** Transfers a worker sends at once before waiting (1: one transfer in flight per worker, like pgbench's clients). */
const WORKER_BATCH = setting('BENCH_WORKER_BATCH', 1);
const HOT_SHARE = setting('BENCH_HOT_SHARE', 0.2);
const PGBENCH_SCALE = 10;
const CURRENCY = 'EUR' as const;
const OPENING_BALANCE_MINOR = 100_000n; // 1,000.00 EUR per account
const MAX_TRANSFER_MINOR = 5_000; // up to 50.00 EUR

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

interface PhaseResult {
  name: string;
  succeeded: number;
  refused: number;
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean transfers per database transaction. */
  transfersPerTransaction: number;
  /** CPU time of this process over the run, as a share of one core. */
  nodeCpuShare: number;
  /** Mean duration of a database transaction. */
  transactionMs: number;
  /** Mean duration of the transactions touching the hot account, and their number. */
  hotTransactionMs: number;
  hotTransactions: number;
}

/** Expected booked balance of each account from the successful transfers (bigint model). */
type Model = Map<string, bigint>;

function randomIndex(limit: number, excluded?: number): number {
  for (;;) {
    const index = Math.floor(Math.random() * limit);
    if (index !== excluded) return index;
  }
}

function pickTransfer(accounts: ClientAccount[], hot: boolean): InternalTransferOrder {
  let fromIndex: number;
  let toIndex: number;
  if (hot && Math.random() < HOT_SHARE) {
    // The hot account pays or is paid, half and half, so its balance neither drains nor piles up.
    const other = randomIndex(accounts.length, 0);
    [fromIndex, toIndex] = Math.random() < 0.5 ? [0, other] : [other, 0];
  } else {
    fromIndex = randomIndex(accounts.length);
    toIndex = randomIndex(accounts.length, fromIndex);
  }
  const from = accounts[fromIndex]!;
  const to = accounts[toIndex]!;
  return { clientId: from.clientId, from, to, amountMinor: BigInt(1 + Math.floor(Math.random() * MAX_TRANSFER_MINOR)) };
}

async function runPhase(db: Db, accounts: ClientAccount[], model: Model, name: string, hot: boolean): Promise<PhaseResult> {
  let transactions = 0;
  let transactionsMs = 0;
  let hotTransactionsMs = 0;
  let hotTransactions = 0;
  const hotAccount = accounts[0]!.ledgerAccountId;
  // The production group commit, with the internal transfers' job the HTTP path submits; the hook
  // only counts what it does.
  const writer = new GroupCommit(db, {
    maxBatch: MAX_BATCH,
    maxConcurrentFlushes: FLUSHES,
    ...(OVERLAP_MS === undefined ? {} : { overlapAfterMs: OVERLAP_MS }),
    onTransaction(_jobs, resources, elapsedMs) {
      transactions += 1;
      transactionsMs += elapsedMs;
      if (resources.has(hotAccount)) {
        hotTransactions += 1;
        hotTransactionsMs += elapsedMs;
      }
    },
  });
  const submit = (order: InternalTransferOrder) =>
    writer.submit(internalTransferJob(order)).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return false;
        throw error;
      },
    );
  const latencies = new LatencyRecorder();
  let succeeded = 0;
  let refused = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (performance.now() < deadline) {
        const orders = Array.from({ length: WORKER_BATCH }, () => pickTransfer(accounts, hot));
        const started = performance.now();
        const outcomes = await Promise.all(orders.map(submit));
        latencies.add(performance.now() - started, orders.length);
        outcomes.forEach((ok, index) => {
          if (!ok) {
            refused += 1;
            return;
          }
          succeeded += 1;
          const order = orders[index]!;
          model.set(order.from.ledgerAccountId, model.get(order.from.ledgerAccountId)! - order.amountMinor);
          model.set(order.to.ledgerAccountId, model.get(order.to.ledgerAccountId)! + order.amountMinor);
        });
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = latencies.sorted();
  return {
    name,
    nodeCpuShare: (cpu.user + cpu.system) / 1000 / (SECONDS * 1000),
    succeeded,
    refused,
    transfersPerSecond: succeeded / SECONDS,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    transfersPerTransaction: (succeeded + refused) / transactions,
    transactionMs: transactionsMs / transactions,
    hotTransactionMs: hotTransactions > 0 ? hotTransactionsMs / hotTransactions : 0,
    hotTransactions,
  };
}

async function checkInvariants(db: Db, accounts: ClientAccount[], model: Model, transfers: number): Promise<string[]> {
  const problems = (await findLedgerViolations(db)).map((violation) => `${violation.rule}: ${violation.detail}`);
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'booked']).where('kind', '=', 'client').execute();
  const booked = new Map(rows.map((row) => [String(row.id), row.booked]));
  let mismatched = 0;
  for (const account of accounts) {
    const expected = model.get(account.ledgerAccountId)!;
    const actual = booked.get(account.ledgerAccountId);
    if (actual === undefined || decimalToMinor(actual, CURRENCY) !== expected) {
      mismatched += 1;
      if (mismatched <= 5) problems.push(`account ${account.number}: booked ${actual}, model ${formatMinor(expected, CURRENCY)}`);
    }
  }
  if (mismatched > 5) problems.push(`… ${mismatched} accounts differ from the model in all`);
  const { rows: counts } = await sql<{ postings: string; entries: string; transfers: string; sides: string }>`
    select (select count(*) from postings) as postings, (select count(*) from journal_entries) as entries,
      (select count(*) from operations) as transfers, (select count(*) from statement_rows) as sides`.execute(db);
  const count = counts[0]!;
  const expected = { postings: 2 * (accounts.length + transfers), entries: accounts.length + transfers, transfers, sides: 2 * transfers };
  for (const [key, value] of Object.entries(expected)) {
    const actual = Number(count[key as keyof typeof count]);
    if (actual !== value) problems.push(`${key}: ${actual} rows, ${value} expected from the successful transfers`);
  }
  return problems;
}

function formatRate(value: number): string {
  return value.toFixed(0).padStart(6);
}

async function main(): Promise<void> {
  print(`Ledger benchmark, ${new Date().toISOString().slice(0, 10)}`);
  print(await describeServer(BASE_URL));
  print(`${WORKERS} workers submitting ${WORKER_BATCH} transfers at a time, ${ACCOUNTS} accounts, ${SECONDS} s per run`);
  print(
    `group commit: up to ${MAX_BATCH} transfers per database transaction, ${FLUSHES} transactions in flight` +
      (OVERLAP_MS === undefined ? '' : `, a further one only beside one that has run ${OVERLAP_MS} ms`),
  );
  print();

  print(`pgbench -i -s ${PGBENCH_SCALE}; pgbench -c ${WORKERS} -j 2 -T ${SECONDS} (TPC-B-like) …`);
  const pgbench = await runPgbench(BASE_URL, { scale: PGBENCH_SCALE, clients: WORKERS, threads: 2, seconds: SECONDS });
  print(`pgbench: ${pgbench.tps.toFixed(0)} tps`);
  print();

  const scratch = await createScratchDatabase(BASE_URL, 'bench_ledger');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: WORKERS });
  let failed = false;
  try {
    await migrate(handle.db);
    const setupStarted = performance.now();
    const accounts = await openBenchAccounts(handle.db, { count: ACCOUNTS, workers: WORKERS, currency: CURRENCY, openingMinor: OPENING_BALANCE_MINOR });
    print(`set up ${accounts.length} accounts in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);
    await sql`vacuum analyze`.execute(handle.db);
    const model: Model = new Map(accounts.map((account) => [account.ledgerAccountId, OPENING_BALANCE_MINOR]));

    const results: PhaseResult[] = [];
    for (const [name, hot] of [['uniform', false], [`hot (${Math.round(HOT_SHARE * 100)} % touch one account)`, true]] as const) {
      const result = await runPhase(handle.db, accounts, model, name, hot);
      results.push(result);
      print(
        `${name.padEnd(32)} ${formatRate(result.transfersPerSecond)} transfers/s  p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms  ` +
          `(${result.succeeded} settled, ${result.refused} refused for funds)  ratio to pgbench ${(result.transfersPerSecond / pgbench.tps).toFixed(2)}`,
      );
      print(
        `${''.padEnd(32)} ${result.transfersPerTransaction.toFixed(1)} transfers per database transaction of ${result.transactionMs.toFixed(1)} ms; ` +
          `${result.hotTransactions} transactions touched account 1, ${result.hotTransactionMs.toFixed(1)} ms each on average; ` +
          `this process used ${(result.nodeCpuShare * 100).toFixed(0)} % of a core`,
      );
    }
    print();
    const transfers = results.reduce((sum, result) => sum + result.succeeded, 0);
    const problems = await checkInvariants(handle.db, accounts, model, transfers);
    if (problems.length === 0) {
      print(`invariants: all hold after ${transfers} transfers (currencies sum to zero, balances equal postings, none below zero, model matches, no posting lost or doubled)`);
    } else {
      failed = true;
      print(`invariants: ${problems.length} violation(s)`);
      for (const problem of problems) print(`  ${problem}`);
    }
  } finally {
    await handle.close();
    await scratch.drop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
