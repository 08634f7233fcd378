// npm run bench:api: latency and throughput of GET /api/account/list and POST /api/transaction/create
// under load (autocannon), through the real HTTP server on PostgreSQL.
//
// 1. A scratch database migrated like production; CLIENTS identified clients, each signed in and
//    holding a funded EUR account opened by the accounts service.
// 2. The app listens on a loopback port; autocannon sends CONNECTIONS concurrent connections for
//    SECONDS each: first account lists of random clients, then internal transfers of 0.01 EUR
//    between random clients, each with its own Idempotency-Key.
// 3. Afterwards the ledger invariants are checked (exit 1 on any violation).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { openAccount } from '../apps/server/src/modules/accounts/service';
import { createSession } from '../apps/server/src/modules/auth/sessions';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { findLedgerViolations } from '../apps/server/src/modules/ledger/invariants';
import { fundLedgerAccount } from '../apps/server/src/modules/ledger/test-support';
import { capturingMailer } from '../apps/server/src/test/harness';
import { createScratchDatabase } from './support/postgres';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 1000);

interface BenchClient {
  token: string;
  accountNumber: string;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function report(title: string, result: autocannon.Result): void {
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${title}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.requests.total} requests, ${errors} errors or non-2xx`,
  );
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(BASE_URL, 'bench_api');
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 20 });
  try {
    await migrate(database.db);
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const passwordHash = await hashPassword(randomUUID());
    const clients: BenchClient[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const client = await database.db
        .insertInto('clients')
        .values({
          email: `bench-${index}@bank.example`,
          phone: `+1555${String(index).padStart(7, '0')}`,
          password_hash: passwordHash,
          email_verified: true,
          kyc_status: 'Approved',
          first_name: 'Bench',
          last_name: `Client ${index}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const account = await database.db.transaction().execute((trx) => openAccount(trx, client.id, 'EUR'));
      await fundLedgerAccount(database.db, account.ledgerAccountId, 'EUR', '100000.00');
      clients.push({ token: await createSession(database.db, config.secret, 'client', client.id), accountNumber: account.number });
    }

    const app = await buildApp({ config, db: database.db, databaseKind: database.kind, mailer: capturingMailer([]), cryptoKeys: null }, { webDist: null });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`bench:api on PostgreSQL, ${CLIENTS} clients, ${CONNECTIONS} connections, ${SECONDS} s each, ${new Date().toISOString()}`);

    const list = await autocannon({
      url: `${url}/api/account/list`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${pick(clients).token}` } }) }],
    });
    report('GET /api/account/list', list);

    const transfers = await autocannon({
      url: `${url}/api/transaction/create`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const from = pick(clients);
            let to = pick(clients);
            while (to === from) to = pick(clients);
            return {
              ...request,
              method: 'POST',
              headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body: JSON.stringify({ type: 'internal', accNumberFrom: from.accountNumber, accNumberTo: to.accountNumber, amount: '0.01', transferCurrency: 'EUR' }),
            };
          },
        },
      ],
    });
    report('POST /api/transaction/create (internal)', transfers);
    await app.close();

    const violations = await findLedgerViolations(database.db);
    console.log(violations.length === 0 ? 'ledger invariants: all hold' : `ledger invariants VIOLATED:\n${violations.map((violation) => `${violation.rule}: ${violation.detail}`).join('\n')}`);
    process.exitCode = violations.length === 0 && list.non2xx === 0 && transfers.non2xx === 0 ? 0 : 1;
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
