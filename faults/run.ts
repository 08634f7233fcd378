// The fault suite (docs/reliability.md#the-fault-suite): a private PostgreSQL cluster and the production build of the server,
// client loops moving money with Idempotency-Keys, card processors authorising, clearing, reversing and
// refunding with messageIds (cards.ts), a loop of operators making the back office's
// four-eyes acts (back-office.ts), and a nemesis that SIGKILLs and restarts the
// server, restarts PostgreSQL (fast and immediate) and terminates its backends; then the checks of
// checks.ts, the fuzz of every route and the cross-client checks, and last npm run audit:verify on
// the suite's database. The server runs as deployed (docs/bank-controls.md): migrations as the database's
// owner role, requests as an application role that cannot rewrite history. One summary line; exit 1
// on any violation. `npm run test:faults` runs FAULTS_SECONDS of load (default 300); `--short` about 60 s.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
// @ts-expect-error -- a plain ES module of the build scripts, without type declarations
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { freePort } from '../scripts/server-process.mjs';
import { createClients, createOperatorToken } from './bank';
import { backOfficeLoop, chargeMonthAsItEnds, createStaff, type Act } from './back-office';
import { actViolations, auditVerifyScriptViolations, checkAfterFaults, fourEyesViolations, type Violation } from './checks';
import { crossClientChecks, fuzzEveryRoute, type FuzzParty } from './fuzz';
import { cardLoop, cardSummary, cardViolations, orderFaultCards } from './cards';
import { clientLoop, type Operation } from './load';
import { REPOSITORY_ROOT } from './routes';
import { ServerProcess } from './server';
import { startMailServer } from '../e2e/support/mail';

const short = process.argv.includes('--short');
const seconds = Number(process.env.FAULTS_SECONDS ?? (short ? 60 : 300));
const LOOPS = 16;
/** Cards whose processors pay through the faults (cards.ts). */
const CARD_LOOPS = 4;

interface Throwaway {
  url?: string;
  skipped?: string;
  restart(mode: 'fast' | 'immediate'): void;
  stop(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateBackends(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  } catch {
    // The database may be restarting just now; the next round tries again.
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/** The back office's acts by kind, applied of all: `clientRisk 12/12, …`. */
function backOfficeSummary(acts: readonly Act[]): string {
  const kinds = [...new Set(acts.map((act) => act.kind))].sort();
  const counts = kinds.map((kind) => {
    const ofKind = acts.filter((act) => act.kind === kind);
    return `${kind} ${ofKind.filter((act) => act.outcome === 'applied').length}/${ofKind.length}`;
  });
  return `${acts.length} four-eyes acts (${counts.join(', ')})`;
}

async function main(): Promise<number> {
  buildIfStale({ quiet: true });
  const postgres = (await startThrowawayPostgres({ durable: true })) as Throwaway;
  if (!postgres.url) {
    process.stderr.write(`faults: no PostgreSQL of our own could start (${postgres.skipped})\n`);
    return 1;
  }
  const mail = await startMailServer();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-faults-'));
  // The superuser's URL of the suite's database (it terminates every role's backends), the owner's
  // (the server's migrations) and the application role's (the server, and the suite's own writes and
  // checks). The cluster is the suite's own, so the roles' names are free; it trusts local sign-ins.
  const adminUrl = postgres.url.replace(/\/postgres$/, '/bank');
  const urlAs = (role: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    return url.toString();
  };
  const ownerUrl = urlAs('bank_owner');
  const databaseUrl = urlAs('bank_app');
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create role bank_owner login');
  await admin.query('create role bank_app login');
  await admin.query('create database bank owner bank_owner');
  await admin.end();

  const secret = randomBytes(32).toString('hex');
  const cardNetworkSecret = randomBytes(32).toString('hex');
  const environment = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATABASE_OWNER_URL: ownerUrl,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${mail.port}?ignoreTLS=true`,
    APP_SECRET: secret,
    CARD_NETWORK_SECRET: cardNetworkSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    // The fuzz sends each request as if from an address of its own (X-Forwarded-For from this
    // machine), so that the per-address limits let its requests reach the routes' parsing.
    TRUST_PROXY: 'loopback',
  };
  const server = new ServerProcess(await freePort(), environment);
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4, onConnectionLost: () => undefined });
  const violations: Violation[] = [];
  let restarts = 0;
  let terminations = 0;
  let unexpectedExits = 0;
  try {
    await server.start();
    const clients = await createClients(database.db, secret, server.baseUrl, LOOPS);
    // The back office's operators, and two clients of their own whom compliance marks high-risk and
    // standard and to whose accounts the investigated payments come.
    const staff = await createStaff(database.db, secret, server.baseUrl, environment);
    const subjects = { clients: await createClients(database.db, secret, server.baseUrl, 2) };
    // A card for each of the first clients, whose processor pays with it through the faults.
    const cards = await orderFaultCards(server.baseUrl, clients.slice(0, CARD_LOOPS));
    const until = Date.now() + seconds * 1000;

    // The nemesis: a kill every 2-6 s; PostgreSQL restarted at each third of the run (fast, then
    // immediate); its backends terminated now and then.
    const nemesis = (async () => {
      const restartsAt = short ? [0.5] : [1 / 3, 2 / 3];
      const started = Date.now();
      while (Date.now() < until) {
        await sleep(2_000 + Math.random() * 4_000);
        if (Date.now() >= until) break;
        if (server.crashed) unexpectedExits += 1;
        const elapsed = (Date.now() - started) / (seconds * 1000);
        if (restartsAt.length > 0 && elapsed >= restartsAt[0]!) {
          restartsAt.shift();
          postgres.restart(restarts % 2 === 0 ? 'fast' : 'immediate');
          restarts += 1;
        } else if (Math.random() < 0.25) {
          await terminateBackends(adminUrl);
          terminations += 1;
        }
        await server.kill();
        await server.start();
      }
    })();
    const loops = clients.map((client) => clientLoop(server.baseUrl, client, clients.filter((other) => other !== client), until));
    const office = backOfficeLoop(server.baseUrl, database.db, secret, staff, subjects, until);
    const processors = Promise.all(cards.map((card) => cardLoop(server.baseUrl, cardNetworkSecret, card, until)));
    const [, acts, cardMessages, ...done] = await Promise.all([nemesis, office, processors, ...loops]);
    const operations: Operation[] = done.flat();
    const messages = cardMessages.flat();
    if (server.crashed) unexpectedExits += 1;
    if (unexpectedExits > 0) violations.push({ rule: 'the server never exits on its own', detail: `${unexpectedExits} exits:\n${server.lastOutput}` });

    // The month's fees as the sweep charges them when the month ends, the high-risk service fee among them.
    let monthlyCharges = 0;
    try {
      monthlyCharges = await chargeMonthAsItEnds(database.db, environment);
    } catch (error) {
      violations.push({ rule: "the month's fees are charged", detail: String(error) });
    }

    const everyClient = [...clients, ...subjects.clients];
    violations.push(...(await checkAfterFaults(database.db, server.baseUrl, everyClient, operations)));
    violations.push(...(await fourEyesViolations(database.db)), ...(await actViolations(database.db, acts)));
    violations.push(...(await cardViolations(database.db, messages)));

    // Fuzz and cross-client checks against the server that has just survived all that.
    const party = async (index: number): Promise<FuzzParty> => {
      const client = clients[index]!;
      const numbers = await database.db.selectFrom('operations').select('number').where('client_id', '=', client.id).limit(5).execute();
      return { token: client.token, accountNumbers: [client.eur, client.usd], walletAddresses: [client.btc], transactionNumbers: numbers.map((row) => row.number), kycIds: [] };
    };
    const [one, two] = [await party(0), await party(1)];
    const operatorToken = await createOperatorToken(database.db, secret);
    const fuzz = await fuzzEveryRoute({ baseUrl: server.baseUrl, client: one, other: two, operatorToken, perRoute: short ? 40 : 200, seed: 20261124 });
    const access = await crossClientChecks({ baseUrl: server.baseUrl, client: one, other: two });
    for (const error of fuzz.serverErrors) violations.push({ rule: 'fuzz: no input reaches a 5xx', detail: `${error.method} ${error.path} ${error.status} ${error.body.slice(0, 200)}` });
    for (const leak of [...fuzz.leaks, ...access.leaks]) violations.push({ rule: 'another client’s data is neither shown nor changed', detail: `${leak.method} ${leak.path} ${leak.status} ${leak.detail}` });
    // The fuzz moved nothing it should not have: the ledger still holds.
    violations.push(...(await checkAfterFaults(database.db, server.baseUrl, everyClient, [])).filter((violation) => !violation.rule.startsWith('no operation')));
    violations.push(...(await fourEyesViolations(database.db)));
    violations.push(...(await auditVerifyScriptViolations(REPOSITORY_ROOT, databaseUrl)));

    const acknowledged = operations.filter((operation) => operation.outcome === 'acknowledged').length;
    const retried = operations.filter((operation) => operation.attempts > 1).length;
    process.stdout.write(
      `faults: ${seconds} s, ${operations.length} operations, ${acknowledged} acknowledged, ${retried} retried; ` +
        `back office: ${backOfficeSummary(acts)}, ${monthlyCharges} monthly charges; ` +
        `${cardSummary(messages)}; ` +
        `faults injected: ${server.kills} server kills, ${restarts} PostgreSQL restarts, ${terminations} backend terminations; ` +
        `fuzz: ${fuzz.requests + access.requests} requests; violations: ${violations.length}\n`,
    );
    // Each rule broken, with how often and at most five of its details, so one rule's many cannot hide another's.
    const byRule = new Map<string, Violation[]>();
    for (const violation of violations) byRule.set(violation.rule, [...(byRule.get(violation.rule) ?? []), violation]);
    for (const [rule, broken] of byRule) {
      process.stdout.write(`  ${rule}: ${broken.length}\n`);
      for (const violation of broken.slice(0, 5)) process.stdout.write(`    ${violation.detail}\n`);
    }
    return violations.length === 0 ? 0 : 1;
  } finally {
    await server.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    await mail.close();
    postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
