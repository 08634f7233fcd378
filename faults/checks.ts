import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db';
import { verifyAuditChain } from '../apps/server/src/modules/audit';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { call, persistently, type FaultClient } from './bank';
import type { Operation } from './load';

/**
 * What must hold after any number of crashes and restarts: the ledger's invariants; every
 * acknowledged operation applied exactly once and none applied twice (every retried key moved money
 * at most once); each account's statement chaining its balances from the first row to the last;
 * the balances the API shows being the ledger's; and the audit trail's hash chain unbroken.
 */
export interface Violation {
  rule: string;
  detail: string;
}

/** A decimal text without its insignificant zeros, to compare NUMERIC text with the API's scale. */
const exact = (decimal: string) => (decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal);

/** Operations that carry their key as the payment reference, so their transfer can be found by it. */
const REFERENCED = new Set(['internal', 'international', 'crypto']);

const AUDIT_CHAIN_RULE = "the audit trail's hash chain is unbroken (npm run audit:verify)";

/** The audit chain, checked in this process: every audit row committed under faults is linked, in one line. */
export async function auditChainViolations(db: Db): Promise<Violation[]> {
  const verdict = await verifyAuditChain(db);
  return verdict.ok ? [] : [{ rule: AUDIT_CHAIN_RULE, detail: verdict.reason }];
}

/**
 * npm run audit:verify itself, as an operator runs it, on the suite's database: what it prints
 * when it fails is the violation's detail.
 */
export function auditVerifyScriptViolations(repositoryRoot: string, databaseUrl: string): Promise<Violation[]> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts'],
      { cwd: repositoryRoot, env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_OWNER_URL: '', NODE_ENV: 'development' }, timeout: 120_000 },
      (error, stdout, stderr) => resolve(error ? [{ rule: AUDIT_CHAIN_RULE, detail: `audit:verify ${error.code ?? error.signal}: ${(stderr || stdout).trim()}` }] : []),
    );
  });
}

/** The statement's chain: every row opens where the one before it closed, from a zero balance. */
async function statementChainViolations(db: Db): Promise<Violation[]> {
  const { rows: breaks } = await sql<{ detail: string }>`
    select account_id::text || ' row ' || id::text as detail from (
      select id, account_id, balance_after,
        balance_after - case when booked_at is null then 0 when direction = 'IN' then amount - fee else -(amount + fee) end as opening,
        coalesce(lag(balance_after) over (partition by account_id order by statement_at, id), 0) as previous
      from statement_rows where account_id is not null
    ) chained where opening <> previous limit 20`.execute(db);
  return breaks.map((row) => ({ rule: "the statement's balance-after chain is unbroken", detail: row.detail }));
}

/**
 * What must hold in any state of the database, a restored copy's included: the ledger's invariants,
 * the audit trail's hash chain, and each account's statement chaining its balances.
 */
export async function databaseViolations(db: Db): Promise<Violation[]> {
  const violations: Violation[] = (await findLedgerViolations(db)).map((violation) => ({ rule: violation.rule, detail: violation.detail }));
  violations.push(...(await auditChainViolations(db)));
  violations.push(...(await statementChainViolations(db)));
  return violations;
}

/**
 * Operations that carry no reference of the client's, and the table counting what each client has
 * of them: each is known applied when the server recorded its key as done.
 */
const UNREFERENCED: ReadonlyArray<{ kind: Operation['kind']; count: (clientId: string) => ReturnType<typeof sql<{ total: string }>> }> = [
  { kind: 'exchange', count: (clientId) => sql<{ total: string }>`select count(*)::text as total from operations where client_id = ${clientId} and kind = 'exchange'` },
  { kind: 'deposit', count: (clientId) => sql<{ total: string }>`select count(*)::text as total from deposits where client_id = ${clientId}` },
];

/**
 * How many times the database applied each operation, by key: the transfers that carry the key as
 * their payment reference; an exchange or a deposit's opening (which carry none) 1 when the server
 * recorded its key as done, else 0; an early closing 1 when its deposit is closed early, else 0.
 */
export async function timesApplied(db: Db, operations: readonly Operation[]): Promise<Map<string, number>> {
  const referenced = operations.filter((operation) => REFERENCED.has(operation.kind)).map((operation) => operation.key);
  const { rows: applied } = await sql<{ key: string; times: string }>`
    select details ->> 'paymentReference' as key, count(*)::text as times from operations
    where details ->> 'paymentReference' = any(${referenced}::text[]) group by 1`.execute(db);
  const unreferenced = operations.filter((operation) => UNREFERENCED.some((kind) => kind.kind === operation.kind)).map((operation) => operation.key);
  const { rows: recorded } = await sql<{ key: string }>`
    select key from idempotency_keys where response_status = 200 and key = any(${unreferenced}::text[])`.execute(db);
  // An early closing is applied when its deposit is closed early (once: its principal comes back once).
  const closings = operations.filter((operation) => operation.kind === 'depositClose' && operation.depositId);
  const { rows: closed } = await sql<{ id: string }>`
    select id::text from deposits where status = 'ClosedEarly' and id = any(${closings.map((operation) => operation.depositId!)}::uuid[])`.execute(db);
  const closedIds = new Set(closed.map((row) => row.id));
  const times = new Map(operations.map((operation) => [operation.key, 0]));
  for (const row of applied) times.set(row.key, Number(row.times));
  for (const row of recorded) times.set(row.key, 1);
  for (const operation of closings) if (closedIds.has(operation.depositId!)) times.set(operation.key, 1);
  return times;
}

export async function checkAfterFaults(db: Db, baseUrl: string, clients: FaultClient[], operations: Operation[]): Promise<Violation[]> {
  const violations = await databaseViolations(db);
  const applied = await timesApplied(db, operations);

  for (const operation of operations.filter((candidate) => REFERENCED.has(candidate.kind))) {
    const times = applied.get(operation.key) ?? 0;
    if (operation.outcome === 'acknowledged' && times !== 1) violations.push({ rule: 'every acknowledged operation is applied exactly once', detail: `${operation.kind} ${operation.key}: ${times}` });
    if (operation.outcome !== 'acknowledged' && times > 1) violations.push({ rule: 'no operation is applied twice', detail: `${operation.kind} ${operation.key}: ${times}` });
    if (operation.outcome === 'refused' && times !== 0) violations.push({ rule: 'a refused operation moves nothing', detail: `${operation.kind} ${operation.key}: ${times}` });
  }

  // Exchanges and deposits carry no reference: each client's must be exactly its keys that the
  // server recorded as done, and include every acknowledged one.
  const done = (operation: Operation) => applied.get(operation.key) === 1;
  for (const { kind, count } of UNREFERENCED) {
    const ofKind = operations.filter((operation) => operation.kind === kind);
    for (const operation of ofKind) {
      if (operation.outcome === 'acknowledged' && !done(operation)) violations.push({ rule: 'every acknowledged operation is applied exactly once', detail: `${kind} ${operation.key}: not recorded` });
      if (operation.outcome === 'refused' && done(operation)) violations.push({ rule: 'a refused operation moves nothing', detail: `${kind} ${operation.key}` });
    }
    for (const client of clients) {
      const expected = ofKind.filter((operation) => operation.clientId === client.id && done(operation)).length;
      const { rows } = await count(client.id).execute(db);
      if (Number(rows[0]!.total) !== expected) violations.push({ rule: 'no operation is applied twice', detail: `client ${client.id}: ${rows[0]!.total} of ${kind} for ${expected} keys done` });
    }
  }

  // An acknowledged early closing closed its deposit (its principal back once: the ledger's deposit
  // checks hold); a refused one left it running.
  for (const operation of operations.filter((candidate) => candidate.kind === 'depositClose')) {
    const times = applied.get(operation.key) ?? 0;
    if (operation.outcome === 'acknowledged' && times !== 1) violations.push({ rule: 'every acknowledged operation is applied exactly once', detail: `depositClose ${operation.key}: not closed` });
    if (operation.outcome === 'refused' && times !== 0) violations.push({ rule: 'a refused operation moves nothing', detail: `depositClose ${operation.key}: closed` });
  }

  for (const operation of operations) {
    if (operation.serverErrors.length > 0) violations.push({ rule: 'no request is answered with a 5xx other than 503', detail: `${operation.kind} ${operation.key}: ${operation.serverErrors.join(',')}` });
    if (operation.replayed === false) violations.push({ rule: 'a repeated key replays the first answer', detail: `${operation.kind} ${operation.key}` });
  }

  // The API shows the ledger's balances.
  const { rows: ledger } = await sql<{ number: string; booked: string; available: string }>`
    select o.number, l.booked::text, l.available::text from accounts o join ledger_accounts l on l.id = o.ledger_account_id
    union all
    select w.address, l.booked::text, l.available::text from wallets w join ledger_accounts l on l.id = w.ledger_account_id`.execute(db);
  const ledgerOf = new Map(ledger.map((row) => [row.number, row]));
  for (const client of clients) {
    for (const path of ['account/list', 'wallet/list']) {
      const answer = await persistently(() => call(baseUrl, client.token, 'GET', path));
      for (const item of JSON.parse(answer.body) as Array<{ number: string; balance: string; bookedBalance: string }>) {
        const booked = ledgerOf.get(item.number);
        if (!booked || exact(booked.booked) !== exact(item.bookedBalance) || exact(booked.available) !== exact(item.balance)) {
          violations.push({ rule: 'API balances equal ledger balances', detail: `${item.number}: API ${item.balance}/${item.bookedBalance}, ledger ${booked?.available}/${booked?.booked}` });
        }
      }
    }
  }
  return violations;
}
