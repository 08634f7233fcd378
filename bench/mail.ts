// npm run bench:mail: how long a sign-in code takes to reach the client's mail server when many
// clients ask for one at once, through the production server on PostgreSQL with its job queue
// delivering the mail (docs/time.md#mail-through-an-outbox).
//
// 1. A local SMTP server (smtp-server) that takes every mail and notes when it arrived, for whom,
//    and under which Message-ID; with BENCH_MAIL_SMTP_DELAY_MS it answers each mail that much later,
//    as a mail server further away would.
// 2. A scratch database migrated like production, with an application role that owns nothing, and
//    CODES clients with one password.
// 3. The production build (`node apps/server/dist/main.js` with npm start's flags, built if stale) in
//    a process of its own, configured as production, sending its mail to that SMTP server and working
//    the jobs itself (JOBS_ENABLED=true). TRUST_PROXY names this machine, so each request's
//    X-Forwarded-For is its client's address: each client asks from an address of its own, as clients
//    do, and the per-address limits of the sign-in calls (60 a minute) stay what they are.
// 4. CODES sign-in codes asked for (POST /api/login/list, step 1 of the sign-in), each by another
//    client, spread evenly over SECONDS. Each code's time runs from its request to its mail's arrival
//    at the SMTP server, matched by recipient.
// 5. Printed: the answers' times, the codes' times (p50, p95, p99, max), the codes lost (not arrived
//    within LOST_AFTER_SECONDS of their request), the codes sent twice, and who used the cores. Exits
//    1 when a target is missed (TARGETS) or a request was not answered 200.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../apps/server/src/db';
import { migrate } from '../apps/server/src/db/migrate';
import { grantApplicationRole } from '../apps/server/src/db/roles';
import { hashPassword } from '../apps/server/src/modules/auth';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { startBankServer, type BankServer } from './support/bank-server';
import { cpuShares, cpuSnapshot } from './support/cpu-share';
import { createScratchDatabase, describeServer } from './support/postgres';
import { percentile } from './support/stats';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CODES = Number(process.env.BENCH_MAIL_CODES || 1_000);
const SECONDS = Number(process.env.BENCH_MAIL_SECONDS || 60);
/** A code not at the mail server this long after its request is lost (it lives 120 s). */
const LOST_AFTER_SECONDS = 120;
/** How long the SMTP server holds each mail before it answers, to play a mail server further away. */
const SMTP_DELAY_MS = Number(process.env.BENCH_MAIL_SMTP_DELAY_MS || 0);
const TARGETS = { p99Ms: 10_000, lost: 0, sentTwice: 0 };
const PASSWORD = 'Bench-mail-2026';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** What the SMTP server saw: each recipient's arrivals (ms of this process's clock) and each Message-ID's count. */
interface Sink {
  port: number;
  arrivals: Map<string, number[]>;
  messageIds: Map<string, number>;
  close(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const arrivals = new Map<string, number[]>();
  const messageIds = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Codes are small; a mail server in service takes far more connections than one node opens.
    maxClients: 100,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4_096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const at = performance.now();
        for (const recipient of session.envelope.rcptTo) {
          const address = recipient.address.toLowerCase();
          arrivals.set(address, [...(arrivals.get(address) ?? []), at]);
        }
        const messageId = /^Message-ID: *(.*)$/im.exec(head)?.[1]?.trim() ?? '(none)';
        messageIds.set(messageId, (messageIds.get(messageId) ?? 0) + 1);
        setTimeout(callback, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    arrivals,
    messageIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address client `index` asks from: one of its own, in 10.0.0.0/8. */
function addressOf(index: number): string {
  const n = index + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const emailOf = (index: number) => `mail-bench-${index + 1}@bench.example`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function figures(sortedMs: Float64Array): string {
  const figure = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
  return `p50 ${figure(percentile(sortedMs, 0.5))}, p95 ${figure(percentile(sortedMs, 0.95))}, p99 ${figure(percentile(sortedMs, 0.99))}, max ${figure(sortedMs[sortedMs.length - 1] ?? NaN)}`;
}

async function main(): Promise<void> {
  buildIfStale();
  print(`Mail benchmark, ${new Date().toISOString()}`);
  print(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  print(await describeServer(BASE_URL));
  print(`${CODES} sign-in codes asked for over ${SECONDS} s (${(CODES / SECONDS).toFixed(1)} a second), each by another client from an address of its own`);
  print(`the SMTP server answers each mail ${SMTP_DELAY_MS} ms after it has it`);
  print();

  const sink = await startSink();
  const scratch = await createScratchDatabase(BASE_URL, 'bench_mail', { applicationRole: true });
  const owner = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 4 });
  let server: BankServer | undefined;
  let failed = false;
  try {
    await migrate(owner.db);
    await grantApplicationRole(owner.db, scratch.application!.role);
    // One password for every client: argon2's hash carries its own salt, so one hash serves all.
    const passwordHash = await hashPassword(PASSWORD);
    await sql`
      insert into clients (email, phone, password_hash, kyc_status, email_verified, first_name, last_name, language)
      select 'mail-bench-' || n || '@bench.example', '+1998' || lpad(n::text, 7, '0'), ${passwordHash}, 'Approved', true, 'Bench', 'Client ' || n, 'en'
      from generate_series(1, ${CODES}) as n`.execute(owner.db);
    await sql`vacuum analyze`.execute(owner.db);

    server = await startBankServer({
      databaseUrl: scratch.application!.url,
      ownerUrl: scratch.url,
      secret: randomBytes(32).toString('hex'),
      env: {
        SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
        MAIL_FROM: 'Meridian Bank <no-reply@bank.example>',
        // This node delivers the mail, so it works the jobs.
        JOBS_ENABLED: 'true',
        // The bench stands in for a reverse proxy on this machine: X-Forwarded-For names each client.
        TRUST_PROXY: '127.0.0.1',
        // The daily rates are not this bench's business: no fetch from the ECB.
        ECB_RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
      },
    });
    const cpuBefore = cpuSnapshot({ server: [server.pid], 'bench (requests and SMTP server)': [process.pid] }, scratch.name);

    const requestedAt = new Float64Array(CODES).fill(NaN);
    const answeredMs = new Float64Array(CODES).fill(NaN);
    const failures: string[] = [];
    const spacingMs = (SECONDS * 1000) / CODES;
    const started = performance.now();
    const requests: Promise<void>[] = [];
    for (let index = 0; index < CODES; index += 1) {
      await sleep(started + index * spacingMs - performance.now());
      requests.push(
        (async () => {
          requestedAt[index] = performance.now();
          try {
            const answer = await fetch(`${server!.url}/api/login/list`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(index) },
              body: JSON.stringify({ email: emailOf(index), password: PASSWORD, language: 'en' }),
              signal: AbortSignal.timeout(60_000),
            });
            const body = (await answer.json().catch(() => null)) as { codeSent?: boolean } | null;
            answeredMs[index] = performance.now() - requestedAt[index]!;
            if (answer.status !== 200 || body?.codeSent !== true) failures.push(`${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        })(),
      );
    }
    await Promise.all(requests);
    const askedSeconds = (performance.now() - started) / 1000;

    // Every code arrived, or the last asked for has had its LOST_AFTER_SECONDS.
    const lastRequest = Math.max(...requestedAt.filter((at) => !Number.isNaN(at)));
    while (performance.now() < lastRequest + LOST_AFTER_SECONDS * 1000) {
      if (Array.from({ length: CODES }, (_, index) => emailOf(index)).every((email) => sink.arrivals.has(email))) break;
      await sleep(100);
    }
    // A little longer, for a code that would come a second time.
    await sleep(3_000);
    const cpuAfter = cpuSnapshot({ server: [server.pid], 'bench (requests and SMTP server)': [process.pid] }, scratch.name);

    const delivered: number[] = [];
    let lost = 0;
    let sentTwice = 0;
    for (let index = 0; index < CODES; index += 1) {
      const arrivals = sink.arrivals.get(emailOf(index)) ?? [];
      if (arrivals.length > 1) sentTwice += 1;
      const first = arrivals[0];
      const tookMs = first === undefined ? Infinity : first - requestedAt[index]!;
      if (!(tookMs <= LOST_AFTER_SECONDS * 1000)) lost += 1;
      else delivered.push(tookMs);
    }
    const repeatedMessageIds = [...sink.messageIds.values()].filter((count) => count > 1).length;
    const outbox = (
      await sql<{ total: string; waiting: string; retried: string }>`
        select count(*)::text as total, count(*) filter (where delivered_at is null)::text as waiting,
          count(*) filter (where attempts > 1)::text as retried
        from outgoing_mail`.execute(owner.db)
    ).rows[0]!;

    const answers = Float64Array.from(answeredMs.filter((ms) => !Number.isNaN(ms))).sort();
    const codes = Float64Array.from(delivered).sort();
    const p99 = percentile(codes, 0.99);
    print(`asked for in ${askedSeconds.toFixed(1)} s; answers: ${figures(answers)}; ${failures.length} not answered 200${failures.length ? ` (first: ${failures[0]})` : ''}`);
    print(`codes, request to mail server: ${figures(codes)} (target p99 < ${TARGETS.p99Ms / 1000} s: ${p99 < TARGETS.p99Ms ? 'met' : 'MISSED'})`);
    print(`lost (not arrived within ${LOST_AFTER_SECONDS} s): ${lost} (target ${TARGETS.lost}: ${lost <= TARGETS.lost ? 'met' : 'MISSED'})`);
    print(
      `sent twice: ${sentTwice} recipients, ${repeatedMessageIds} Message-IDs seen twice (target ${TARGETS.sentTwice}: ${sentTwice <= TARGETS.sentTwice ? 'met' : 'MISSED'})`,
    );
    print(`outbox: ${outbox.total} mails, ${outbox.waiting} waiting, ${outbox.retried} tried more than once`);
    print(`cores used: ${cpuShares(cpuBefore, cpuAfter)}`);
    failed = !(p99 < TARGETS.p99Ms) || lost > TARGETS.lost || sentTwice > TARGETS.sentTwice || failures.length > 0;
  } finally {
    await server?.stop().catch((error: unknown) => {
      failed = true;
      print(String(error));
    });
    await owner.close();
    await sink.close();
    await scratch.drop();
  }
  if (failed) {
    print('A target was MISSED.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
