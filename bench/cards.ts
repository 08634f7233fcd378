// npm run bench:cards: the card network's authorisations (docs/cards.md#the-card-network) as a card
// processor sends them, through the production server on PostgreSQL, beside bench:api's internal
// transfers measured in the same run on the same machine. The server and the load generator each
// run in a process of their own, as bench:api's do; on this machine they share its cores with each
// other and with PostgreSQL.
//
// 1. A scratch database migrated like production, with an application role that owns nothing;
//    CLIENTS identified clients, each signed in and holding a EUR account funded through the ledger
//    (bench:api's clients), and the first CARDS of them a USD account too, funded the same way.
// 2. The production build (built if stale) in a process of its own, configured as production
//    (bench/support/bank-server.ts). Each of the CARDS clients orders a virtual card on its USD
//    account through `POST /api/cards`, with an Idempotency-Key, paying the fee from its EUR account,
//    from an address of its own (127.1.x.y: the orders' per-address limit stays as production has
//    it). The cards' numbers are read from the database with the server's CARD_DATA_KEY, as the
//    network would know them.
// 3. The load generator (bench/support/load.ts, autocannon in a process of its own) sends
//    CONNECTIONS concurrent connections for SECONDS each: `POST /api/card-network/authorizations`
//    of random cards (bench/support/card-authorizations.ts), 0.01 to 5.00 USD or, one in five,
//    EUR, each with a messageId of its own and signed when it is sent; then internal transfers of
//    0.01 EUR between random clients exactly as bench:api's uniform run sends them. Before them,
//    WARMUP_SECONDS of both, not measured. The server's CPU per request is read from its
//    GET /metrics, and who used the cores from /proc (bench/support/cpu-share.ts).
// 4. Afterwards the ledger invariants are checked; every approval answered is a pending
//    authorisation holding its amount, every authorisation has its message, and the transfers are
//    counted as bench:api counts them. Any violation, error answer or decline exits 1 (the cards
//    are active and funded, and the amounts small: no decline is expected). BENCH_PROFILE=1 runs
//    the server under --cpu-prof and prints where its time went per request in each run
//    (bench/support/profile-summary.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { OrderCardResponse } from '@bank/contracts/cards/cards';
import { openDatabase, type Db } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { grantApplicationRole } from '../apps/server/src/db/roles';
import { secretRing } from '../apps/server/src/lib/crypto';
import { createSession } from '../apps/server/src/modules/auth';
import { openPan } from '../apps/server/src/modules/cards';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { inParallel, openBenchAccounts, openFundedAccounts } from './support/accounts';
import { startBankServer, type BankServer } from './support/bank-server';
import type { AuthorizationOutcomes, BenchCard, CardNetworkFile } from './support/card-authorizations';
import { readAnswered, runLoad } from './support/load';
import { createScratchDatabase, describeServer } from './support/postgres';
import { profileReport } from './support/profile-summary';
import { measure, type Run } from './support/measure';
import type { BenchClient } from './support/transfers';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
/** bench:api's clients, who send each other the transfers. */
const CLIENTS = Number(process.env.BENCH_CLIENTS || 10_000);
/** Cards, one for each of the first clients, the authorisations spread over them. */
const CARDS = Number(process.env.BENCH_CARDS || 1_000);
/** Seconds of authorisations and of transfers before the measured runs, as a server in service has run its code before. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Which runs to make (the ratio needs both). */
const PHASES = new Set((process.env.BENCH_PHASES || 'cards,transfers').split(','));
/** The server under `--cpu-prof`, its profile kept in bench/.out/ and summarised per run. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The database's costliest statements of each run, where the server loads pg_stat_statements (bench/support/statements.ts). */
const STATEMENTS_URL = process.env.BENCH_STATEMENTS === '1' ? BASE_URL : undefined;
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

const TARGETS = { p99Ms: 50 };
/** Each card's account, in USD cents: far more than a run's authorisations of at most 5.00 can hold. */
const USD_OPENING_MINOR = 100_000n;
/** The card orders' Idempotency-Keys, told apart from the transfers' (UUIDs) in the checks. */
const ORDER_KEY_PREFIX = 'bench-card-order-';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

function report(title: string, run: Run, batched: boolean): boolean {
  const { figure } = run;
  const met = figure.p99 < TARGETS.p99Ms;
  const cpuUs = ((run.after.cpuSeconds - run.before.cpuSeconds) * 1e6) / Math.max(1, figure.total);
  const batches = run.after.transactions - run.before.transactions;
  const perTransaction = (run.after.transfers - run.before.transfers) / Math.max(1, batches);
  print(
    `${title.padEnd(44)} ${figure.perSecond.toFixed(0).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms (target < ${TARGETS.p99Ms}: ${met ? 'met' : 'MISSED'})  ` +
      `${figure.total} requests, ${figure.errors} errors or non-2xx`,
  );
  print(
    `${''.padEnd(44)} server CPU ${cpuUs.toFixed(0)} µs per request (process, all threads)` +
      (batched ? `; ${perTransaction.toFixed(1)} transfers per database transaction` : ''),
  );
  print(`${''.padEnd(44)} cores used: ${run.cores}`);
  return met;
}

/** A POST from a loopback address of its own, as a client from its own address. */
function postFrom(localAddress: string, url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers } },
      (response) => {
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (answer += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: answer }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

/** 127.1.x.y, one for each client (up to 62,500): the order's per-address limit counts each alone. */
const addressOf = (index: number) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Each holder orders a virtual card on its USD account through the API; answers the cards as the network knows them. */
async function orderCards(server: BankServer, db: Db, holders: { token: string; usdAccountNumber: string }[]): Promise<BenchCard[]> {
  const orders: OrderCardResponse[] = new Array(holders.length);
  await inParallel(holders.length, 8, async (index) => {
    const holder = holders[index]!;
    const answer = await postFrom(
      addressOf(index),
      `${server.url}/api/cards`,
      { authorization: `Bearer ${holder.token}`, 'idempotency-key': `${ORDER_KEY_PREFIX}${index}` },
      { type: 'virtual', accountNumber: holder.usdAccountNumber },
    );
    if (answer.status !== 200) throw new Error(`POST /api/cards answered ${answer.status}: ${answer.body}`);
    orders[index] = JSON.parse(answer.body) as OrderCardResponse;
  });
  const fees = new Set(orders.map((order) => `${order.fee.amount} ${order.fee.currency}`));
  const statuses = new Set(orders.map((order) => order.card.status));
  print(`${orders.length} virtual cards ordered through POST /api/cards; fees charged: ${[...fees].join(', ')}; statuses: ${[...statuses].join(', ')}`);
  if (statuses.size !== 1 || !statuses.has('Active')) throw new Error(`The cards ordered are not all Active: ${[...statuses].join(', ')}`);
  // The numbers, as the network knows them: opened with the server's card data key.
  const dataKey = secretRing(server.cards.dataKey);
  const rows = await db.selectFrom('cards').select(['id', 'pan_sealed']).execute();
  const pans = new Map(rows.map((row) => [row.id, openPan(row.pan_sealed, dataKey)]));
  return orders.map((order) => {
    const pan = pans.get(order.card.id);
    if (!pan || !pan.endsWith(order.card.last4)) throw new Error(`Card ${order.card.id}'s number cannot be read`);
    return { pan, expiry: order.card.expiry };
  });
}

async function main(): Promise<void> {
  buildIfStale();
  print(`Card network benchmark, ${new Date().toISOString()}`);
  print(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  print(await describeServer(BASE_URL));
  print(
    `${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ${CLIENTS} clients, ${CARDS} cards; ` +
      `the server and the load generator each in a process of their own${PROFILE ? '; the server under --cpu-prof' : ''}`,
  );
  print();

  const scratch = await createScratchDatabase(BASE_URL, 'bench_cards', { applicationRole: true });
  const owner = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 16 });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-cards-'));
  const profileDir = PROFILE ? path.join(REPO_ROOT, 'bench/.out', `cards-profile-${new Date().toISOString().replace(/[:.]/g, '-')}`) : undefined;
  let server: BankServer | undefined;
  let failed = false;
  try {
    await migrate(owner.db);
    await grantApplicationRole(owner.db, scratch.application!.role);
    const secret = randomBytes(32).toString('hex');
    const ring = secretRing(secret);
    const accounts = await openBenchAccounts(owner.db, { count: CLIENTS, workers: 16, currency: 'EUR', openingMinor: 100_000n });
    const usdAccounts = await openFundedAccounts(
      owner.db,
      accounts.slice(0, CARDS).map((account) => account.clientId),
      { workers: 16, currency: 'USD', openingMinor: USD_OPENING_MINOR },
    );
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
    const orderStarted = performance.now();
    const cards = await orderCards(
      server,
      owner.db,
      usdAccounts.map((account, index) => ({ token: clients[index]!.token, usdAccountNumber: account.number })),
    );
    print(`ordered in ${((performance.now() - orderStarted) / 1000).toFixed(1)} s`);
    await sql`vacuum analyze`.execute(owner.db);
    const cardsFile = path.join(workDir, 'cards.json');
    writeFileSync(cardsFile, JSON.stringify({ secret: server.cards.networkSecret, cards } satisfies CardNetworkFile), { mode: 0o600 });

    const load = { connections: CONNECTIONS, seconds: SECONDS };
    const authorizations = { ...load, kind: 'card-authorizations' as const, url: `${server.url}/api/card-network/authorizations`, cardsFile };
    const transfers = { ...load, kind: 'transfers' as const, url: `${server.url}/api/transaction/create`, clientsFile, hotShare: 0 };
    const outcomeFiles: string[] = [];
    const answeredFiles: string[] = [];
    if (WARMUP_SECONDS > 0) {
      const outcomesFile = path.join(workDir, 'outcomes-warmup.json');
      await runLoad({ ...authorizations, seconds: WARMUP_SECONDS, outcomesFile });
      outcomeFiles.push(outcomesFile);
      const answeredFile = path.join(workDir, 'answered-warmup.txt');
      await runLoad({ ...transfers, seconds: WARMUP_SECONDS, answeredFile });
      answeredFiles.push(answeredFile);
    }
    print();

    const met: boolean[] = [];
    const runs: Run[] = [];
    let cardRun: Run | undefined;
    let transferRun: Run | undefined;
    if (PHASES.has('cards')) {
      const outcomesFile = path.join(workDir, 'outcomes.json');
      const title = 'POST /api/card-network/authorizations';
      cardRun = await measure(server, scratch.name, title, { ...authorizations, outcomesFile }, STATEMENTS_URL);
      outcomeFiles.push(outcomesFile);
      met.push(report(title, cardRun, false));
      for (const line of cardRun.statements) print(line);
      runs.push(cardRun);
    }
    if (PHASES.has('transfers')) {
      const answeredFile = path.join(workDir, 'answered.txt');
      const title = 'POST /api/transaction/create uniform';
      transferRun = await measure(server, scratch.name, title, { ...transfers, answeredFile }, STATEMENTS_URL);
      answeredFiles.push(answeredFile);
      met.push(report(title, transferRun, true));
      for (const line of transferRun.statements) print(line);
      runs.push(transferRun);
    }
    if (cardRun && transferRun) {
      print();
      print(
        `authorisations per second / internal transfers per second: ${cardRun.figure.perSecond.toFixed(0)} / ${transferRun.figure.perSecond.toFixed(0)} = ` +
          `${(cardRun.figure.perSecond / transferRun.figure.perSecond).toFixed(2)}`,
      );
    }
    const stopping = server;
    server = undefined;
    await stopping.stop();

    const violations = (await findLedgerViolations(owner.db)).map((violation) => `${violation.rule}: ${violation.detail}`);
    const count = async (query: ReturnType<typeof sql<{ count: string }>>) => Number((await query.execute(owner.db)).rows[0]!.count);

    // The authorisations: every approval answered is a pending authorisation holding what it said
    // in an active hold of the card's account, with its pending card row; every authorisation has
    // its message; the approvals written and not answered are at most those in flight at a run's end.
    const outcomes = outcomeFiles.map((file) => JSON.parse(readFileSync(file, 'utf8')) as AuthorizationOutcomes);
    const approved = outcomes.flatMap((outcome) => outcome.approved);
    const declined: Record<string, number> = {};
    const failedAnswers: Record<string, number> = {};
    for (const outcome of outcomes) {
      for (const [reason, times] of Object.entries(outcome.declined)) declined[reason] = (declined[reason] ?? 0) + times;
      for (const [status, times] of Object.entries(outcome.failed)) failedAnswers[status] = (failedAnswers[status] ?? 0) + times;
    }
    const samples = outcomes.flatMap((outcome) => outcome.failedSamples);
    const pending = await count(sql`select count(*) as count from card_authorizations where status = 'Pending'`);
    const declinedRows = await count(sql`select count(*) as count from card_authorizations where status = 'Declined'`);
    const otherRows = await count(sql`select count(*) as count from card_authorizations where status not in ('Pending', 'Declined')`);
    const messages = await count(sql`select count(*) as count from card_network_messages where kind = 'authorization' and response::text <> 'null'`);
    const authorizationRows = pending + declinedRows + otherRows;
    const ids = approved.map((approval) => approval.id);
    const amounts = approved.map((approval) => approval.amount);
    const matching = await count(sql`
      select count(*) as count
      from unnest(${ids}::uuid[], ${amounts}::numeric[]) as answered (id, amount)
      join card_authorizations a on a.id = answered.id and a.status = 'Pending' and a.held_usd = answered.amount
      join ledger_holds h on h.id = a.hold_id and h.status = 'active' and h.amount = answered.amount
      join operations o on o.id = a.operation_id and o.kind = 'card' and o.status = 'New'`);
    const unheld = await count(sql`
      select count(*) as count from card_authorizations a left join ledger_holds h on h.id = a.hold_id and h.status = 'active' and h.amount = a.held_usd
      where a.status = 'Pending' and h.id is null`);
    const cardRuns = outcomeFiles.length;
    if (new Set(ids).size !== ids.length) violations.push(`${ids.length - new Set(ids).size} authorisation ids answered twice`);
    if (matching !== ids.length) violations.push(`${ids.length - matching} approvals answered 200 are not a pending authorisation holding their amount`);
    if (unheld > 0) violations.push(`${unheld} pending authorisations hold no active hold of their amount`);
    if (messages !== authorizationRows) violations.push(`${authorizationRows} authorisations, ${messages} messages answered`);
    if (otherRows > 0) violations.push(`${otherRows} authorisations neither pending nor declined`);
    const approvalsInFlight = pending - ids.length;
    if (approvalsInFlight < 0 || approvalsInFlight > CONNECTIONS * cardRuns) violations.push(`${pending} authorisations approved, ${ids.length} answered approved`);
    const declines = Object.values(declined).reduce((sum, times) => sum + times, 0);
    const failedCount = Object.values(failedAnswers).reduce((sum, times) => sum + times, 0);

    // The transfers, as bench:api counts them; the card orders' keys are the orders'.
    const answered = new Set(answeredFiles.flatMap(readAnswered));
    const settled = await count(sql`select count(*) as count from operations where kind = 'internal'`);
    const keysWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200 and key not like ${`${ORDER_KEY_PREFIX}%`}`);
    const answeredWritten = await count(sql`select count(*) as count from idempotency_keys where response_status = 200 and key = any(${[...answered]}::text[])`);
    if (answeredWritten !== answered.size) violations.push(`${answered.size - answeredWritten} transfers answered 200 have no stored answer`);
    if (keysWritten !== settled) violations.push(`${settled} transfers settled, ${keysWritten} keys hold their answer`);
    const transfersInFlight = settled - answered.size;
    if (transfersInFlight < 0 || transfersInFlight > CONNECTIONS * answeredFiles.length) violations.push(`${settled} transfers settled, ${answered.size} answered 200`);

    print();
    print(
      violations.length === 0
        ? `ledger invariants: all hold; ${pending} authorisations approved and holding their amount, ${ids.length} answered approved (the rest in flight at a run's end), ` +
            `${declinedRows} declined; ${settled} transfers settled, each under its own key, ${answered.size} answered 200`
        : `ledger invariants VIOLATED:\n  ${violations.join('\n  ')}`,
    );
    print(`declines: ${declines === 0 ? 'none' : Object.entries(declined).map(([reason, times]) => `${reason} ${times}`).join(', ')} (none expected)`);
    if (failedCount > 0) print(`authorisations answered other than 200: ${Object.entries(failedAnswers).map(([status, times]) => `${status} × ${times}`).join(', ')}\n  ${samples.join('\n  ')}`);
    const errors = runs.reduce((sum, run) => sum + run.figure.errors, 0) + failedCount;
    print(`targets: ${met.every(Boolean) ? 'all met' : `${met.filter((item) => !item).length} missed`}; error answers: ${errors}; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
    failed = violations.length > 0 || errors > 0 || declines > 0;

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
