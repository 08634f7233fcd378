// bench:api's reference for transfers: a bare SQL ledger, as small as a ledger can honestly be. One
// PL/pgSQL function per transfer locks the two accounts in the order of their ids (so two transfers
// never wait on each other in a cycle), moves the two balances (the payer's only if it can pay),
// writes the transfer's row and its two entries, and commits alone. WORKERS connections of
// node-postgres call it, each one call after another, in a process of its own:
// `node --import tsx bench/support/sql-ledger.ts '<SqlLedgerSpec as JSON>'` prints its figures and
// its own CPU time as one JSON line. It carries none of what the bank's transfer carries besides
// (a session, an idempotency key, an audit row and its chain link, statement rows, the HTTP).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { LoadResult } from './load';
import { LatencyRecorder, percentile } from './stats';

export interface SqlLedgerSpec {
  url: string;
  workers: number;
  seconds: number;
  accounts: number;
  /** The share of transfers to or from the first account, as bench:api's hot run sends them. */
  hotShare: number;
}

/** The reference's tables and its one function; `accounts` accounts of 1,000.00 each. */
export async function setUpSqlLedger(url: string, accounts: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      create table ledger_accounts (id bigint primary key, balance numeric(20, 2) not null check (balance >= 0));
      create table ledger_transfers (id bigserial primary key, payer bigint not null references ledger_accounts, payee bigint not null references ledger_accounts,
        amount numeric(20, 2) not null check (amount > 0), created_at timestamptz not null default now());
      create table ledger_entries (id bigserial primary key, transfer_id bigint not null references ledger_transfers, account_id bigint not null references ledger_accounts,
        amount numeric(20, 2) not null, created_at timestamptz not null default now());
      create index ledger_entries_account_idx on ledger_entries (account_id, id);
      create function transfer(payer bigint, payee bigint, amount numeric) returns bigint language plpgsql as $$
      declare
        transfer_id bigint;
      begin
        perform 1 from ledger_accounts where id in (payer, payee) order by id for no key update;
        update ledger_accounts set balance = balance - amount where id = payer and balance >= amount;
        if not found then raise exception 'insufficient funds' using errcode = 'P0001'; end if;
        update ledger_accounts set balance = balance + amount where id = payee;
        insert into ledger_transfers (payer, payee, amount) values (payer, payee, amount) returning id into transfer_id;
        insert into ledger_entries (transfer_id, account_id, amount) values (transfer_id, payer, -amount), (transfer_id, payee, amount);
        return transfer_id;
      end
      $$;`);
    await client.query('insert into ledger_accounts (id, balance) select id, 1000.00 from generate_series(1, $1::bigint) as id', [accounts]);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** What must hold after the runs: balances summing to what they started at, none below zero, two entries a transfer. */
export async function sqlLedgerViolations(url: string, accounts: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string; negative: string; transfers: string; entries: string; unbalanced: string }>(`
      select (select sum(balance) from ledger_accounts)::text as total, (select count(*) from ledger_accounts where balance < 0)::text as negative,
        (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_entries)::text as entries,
        (select count(*) from (select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0) as u)::text as unbalanced`);
    const row = rows[0]!;
    const violations: string[] = [];
    if (Number(row.total) !== accounts * 1000) violations.push(`the reference's balances sum to ${row.total}, not ${accounts * 1000}`);
    if (row.negative !== '0') violations.push(`${row.negative} of the reference's balances are below zero`);
    if (Number(row.entries) !== 2 * Number(row.transfers) || row.unbalanced !== '0') violations.push(`the reference's ${row.transfers} transfers have ${row.entries} entries, ${row.unbalanced} not summing to zero`);
    return violations;
  } finally {
    await client.end();
  }
}

/**
 * Runs the reference's workers in a child process and answers their figures, with what `finished`
 * answered: it is called once the figures are in and before the workers let their connections go,
 * so that their backends can still be counted (cpu-share.ts counts no process that has ended).
 */
export function runSqlLedger<T>(spec: SqlLedgerSpec, finished: () => T): Promise<LoadResult & { finished: T }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, JSON.stringify(spec)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    let result: (LoadResult & { finished: T }) | undefined;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (result || !output.includes('\n')) return;
      result = { ...(JSON.parse(output.trim().split('\n').pop()!) as LoadResult), finished: finished() };
      // Told to, the workers close their connections and the process ends.
      child.stdin.end();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 || !result) return reject(new Error(`The SQL ledger's workers exited with ${code}:\n${output}`));
      resolve(result);
    });
  });
}

/** One worker's connection, calling the function as fast as its answers come, until `until`; answers the connection, still open. */
async function work(spec: SqlLedgerSpec, until: number, latencies: LatencyRecorder, counts: { ok: number; errors: number }): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: spec.url });
  await client.connect();
  const pick = () => 1 + Math.floor(Math.random() * spec.accounts);
  while (Date.now() < until) {
    let payer = pick();
    let payee = pick();
    if (Math.random() < spec.hotShare) {
      // The first account pays or is paid, half and half, as bench:api's hot run sends it.
      const other = 2 + Math.floor(Math.random() * (spec.accounts - 1));
      [payer, payee] = Math.random() < 0.5 ? [1, other] : [other, 1];
    }
    while (payee === payer) payee = pick();
    const started = performance.now();
    try {
      await client.query({ name: 'transfer', text: 'select transfer($1, $2, $3)', values: [payer, payee, '0.01'] });
      counts.ok += 1;
      latencies.add(performance.now() - started);
    } catch {
      // A deadlock or a short balance: counted, as an error answer of the bank's would be.
      counts.errors += 1;
    }
  }
  return client;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const spec = JSON.parse(process.argv[2]!) as SqlLedgerSpec;
  const startedCpu = process.cpuUsage();
  const latencies = new LatencyRecorder();
  const counts = { ok: 0, errors: 0 };
  const started = performance.now();
  const until = Date.now() + spec.seconds * 1000;
  const clients = await Promise.all(Array.from({ length: spec.workers }, () => work(spec, until, latencies, counts)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const sorted = latencies.sorted();
  const cpu = process.cpuUsage(startedCpu);
  const result: LoadResult = {
    figure: {
      perSecond: counts.ok / elapsedSeconds,
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
      total: counts.ok + counts.errors,
      ok: counts.ok,
      errors: counts.errors,
    },
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  // The connections stay open until the bench has counted their backends' CPU (runSqlLedger).
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await Promise.all(clients.map((client) => client.end()));
}
