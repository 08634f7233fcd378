import { execFile } from 'node:child_process';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db';
import { verifyAuditChain } from '../apps/server/src/modules/audit';
import { findLedgerViolations } from '../apps/server/src/modules/ledger';
import { call, persistently, type FaultClient } from './bank';
import type { Act } from './back-office';
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

/**
 * The four-eyes invariants (docs/bank-controls.md#approvals-four-eyes), over everything the run left
 * in the database: every proposal applied or rejected was decided by an operator other than its
 * maker; every change of a client's risk level and every high-risk fee in force holds through such
 * an approval; a PEP's or a high-risk client's KYC was decided by two agreeing decisions of
 * different operators; an approved incoming payment was booked once, and with an investigation
 * charged its fee once (none when the proposal was not approved); a closure holds through such an
 * approval, ended the client's earlier sessions with it and charged its fee once.
 */
export async function fourEyesViolations(db: Db): Promise<Violation[]> {
  const violations: Violation[] = [];
  const found = async (rule: string, query: ReturnType<typeof sql<{ detail: string }>>) => {
    const { rows } = await query.execute(db);
    for (const row of rows) violations.push({ rule, detail: row.detail });
  };
  await found(
    'every applied or rejected proposal has a checker other than its maker',
    sql<{ detail: string }>`
      select kind || ' ' || id::text || ' ' || status as detail from approvals
      where maker_id is not null and status in ('Approved', 'Rejected') and (checker_id is null or checker_id = maker_id) limit 20`,
  );
  await found(
    "every change of a client's risk level holds through a proposal approved by another operator",
    sql<{ detail: string }>`
      select 'change ' || c.id::text || ' of client ' || c.client_id::text as detail from client_risk_changes c
      left join approvals a on a.id = c.approval_id
      where a.id is null or a.kind <> 'clientRisk' or a.status <> 'Approved' or c.proposed_by = c.approved_by
        or a.maker_id is distinct from c.proposed_by or a.checker_id is distinct from c.approved_by limit 20`,
  );
  await found(
    'every high-risk fee set holds through a proposal approved by another operator',
    sql<{ detail: string }>`
      select 'version ' || v.id::text || ' ' || v.amount_eur::text as detail from high_risk_fee_versions v
      left join approvals a on a.id = v.approval_id
      where a.id is null or a.kind <> 'highRiskFee' or a.status <> 'Approved' or a.checker_id is null or a.checker_id = a.maker_id limit 20`,
  );
  await found(
    "a PEP's or a high-risk client's KYC is decided by two agreeing decisions of different operators",
    sql<{ detail: string }>`
      select 'kyc ' || k.id::text || ' ' || k.status || case when k.pep then ' (pep)' else ' (high-risk)' end as detail from kyc_records k
      where k.status in ('Approved', 'Rejected')
        and (k.pep or (select c.level from client_risk_changes c where c.client_id = k.client_id and c.created_at <= k.decided_at order by c.id desc limit 1) = 'high')
        and ((select count(distinct d.operator_id) from kyc_decisions d where d.kyc_id = k.id and d.status = k.status and d.version = k.decided_version) < 2
          or k.decided_by is null
          or not exists (select 1 from kyc_decisions d where d.kyc_id = k.id and d.operator_id = k.decided_by and d.status = k.status))
      limit 20`,
  );
  await found(
    'an approved incoming payment is booked once, and a proposal not approved books nothing',
    sql<{ detail: string }>`
      select a.id::text || ' ' || a.status || ': booked ' || count(o.id)::text as detail from approvals a
      left join operations o on o.details ->> 'paymentReference' = a.payload ->> 'reference' and o.kind <> 'fee'
      where a.kind = 'incomingPayment' and a.payload ->> 'reference' is not null
      group by a.id, a.status
      having count(o.id) <> case when a.status = 'Approved' then 1 else 0 end limit 20`,
  );
  await found(
    "an approved investigated payment charges its investigation fee once, naming the payment",
    sql<{ detail: string }>`
      select a.id::text || ': ' || count(o.id)::text || ' fees for ' || coalesce(a.result ->> 'transactionNumber', 'no payment') as detail from approvals a
      left join operations o on o.kind = 'fee' and o.details ->> 'paymentReference' = a.result ->> 'transactionNumber'
        and o.number = a.result ->> 'investigationTransactionNumber'
      where a.kind = 'incomingPayment' and a.status = 'Approved' and (a.payload ->> 'investigation')::boolean is true
      group by a.id
      having count(o.id) <> 1 limit 20`,
  );
  await found(
    "an operator's approved change of roles, or reactivation, is what the operator has",
    sql<{ detail: string }>`
      select a.kind || ' ' || a.id::text || ': ' || o.status || ' ' || o.roles::text as detail from approvals a
      join operators o on o.id = (a.payload ->> 'operatorId')::uuid
      where a.status = 'Approved' and (
        (a.kind = 'operatorRoles' and (select array_agg(role::text order by role::text) from unnest(o.roles) as role)
          <> (select array_agg(role order by role) from jsonb_array_elements_text(a.payload -> 'roles') as role))
        or (a.kind = 'operatorReactivate' and o.status <> 'active'
          and not exists (select 1 from audit_log l where l.subject_id = o.id::text and l.action = 'operator.deactivated' and l.at > a.decided_at)))
      limit 20`,
  );
  await found(
    "every client's closure holds through a proposal approved by another operator",
    sql<{ detail: string }>`
      select 'client ' || c.client_id::text as detail from client_closures c
      left join approvals a on a.id = c.approval_id
      join clients k on k.id = c.client_id
      where a.id is null or a.kind <> 'clientClosure' or a.status <> 'Approved' or c.proposed_by = c.approved_by
        or a.maker_id is distinct from c.proposed_by or a.checker_id is distinct from c.approved_by or k.closed_by_bank_at is null limit 20`,
  );
  await found(
    "a closed client's sessions opened before the closure ended with it",
    sql<{ detail: string }>`
      select 'session ' || s.id::text || ' of client ' || k.id::text as detail from clients k
      join sessions s on s.subject_type = 'client' and s.subject_id = k.id and s.created_at < k.closed_by_bank_at
      where k.closed_by_bank_at is not null and (s.revoked_at is null or s.revoked_at > k.closed_by_bank_at) limit 20`,
  );
  await found(
    'the closing fee is charged once, in the rows the closure names',
    sql<{ detail: string }>`
      select 'client ' || c.client_id::text || ': ' || coalesce(string_agg(o.number, ','), 'none') || ' against ' || (a.result -> 'feeTransactionNumbers')::text as detail
      from client_closures c join approvals a on a.id = c.approval_id
      left join operations o on o.client_id = c.client_id and o.kind = 'fee' and o.details ->> 'purpose' = 'Closing the accounts of a client breaching policy'
      group by c.client_id, a.result
      having coalesce(jsonb_agg(o.number order by o.number) filter (where o.number is not null), '[]'::jsonb)
        <> coalesce((select jsonb_agg(value order by value) from jsonb_array_elements_text(a.result -> 'feeTransactionNumbers') as value), '[]'::jsonb)
      limit 20`,
  );
  return violations;
}

/** What the operators were told during the run (back-office.ts), against the rules and the database. */
export async function actViolations(db: Db, acts: readonly Act[]): Promise<Violation[]> {
  const violations: Violation[] = [];
  const approvalIds = acts.flatMap((act) => (act.approvalId ? [act.approvalId] : []));
  const { rows } = await sql<{ id: string; status: string; maker_id: string | null; checker_id: string | null }>`
    select id::text, status, maker_id::text, checker_id::text from approvals where id = any(${approvalIds}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kycIds = acts.flatMap((act) => (act.kycId ? [act.kycId] : []));
  const { rows: kycRows } = await sql<{ id: string; status: string }>`select id::text, status from kyc_records where id = any(${kycIds}::uuid[])`.execute(db);
  const kycById = new Map(kycRows.map((row) => [row.id, row.status]));
  for (const act of acts) {
    const name = `${act.kind} ${act.approvalId ?? act.kycId ?? ''}`.trim();
    if (act.ownDecisionStatus !== undefined && act.ownDecisionStatus !== 403) {
      violations.push({ rule: act.kycId ? 'an operator never makes the other decision on a KYC they decided' : 'a maker never approves their own proposal', detail: `${name}: ${act.ownDecisionStatus}` });
    }
    if (act.decidedByOne) violations.push({ rule: "one operator's decision never decides a KYC that needs two", detail: `${name}: ${act.decidedByOne}` });
    if (act.closedClientAnswer) violations.push({ rule: 'a closed client is refused all but the closure, and is paid out', detail: `${name}: ${act.closedClientAnswer}` });
    if (act.serverErrors.length > 0) violations.push({ rule: 'no request is answered with a 5xx other than 503', detail: `${name}: ${act.serverErrors.join(',')}` });
    const approval = act.approvalId ? byId.get(act.approvalId) : undefined;
    if (act.approvalId && act.outcome === 'applied' && approval?.status !== 'Approved') {
      violations.push({ rule: 'every approval acknowledged is applied', detail: `${name}: ${approval?.status ?? 'missing'}` });
    }
    if (approval && approval.status === 'Approved' && (approval.checker_id === null || approval.checker_id === approval.maker_id)) {
      violations.push({ rule: 'every applied or rejected proposal has a checker other than its maker', detail: name });
    }
    if (act.kycId && act.outcome === 'applied' && !['Approved', 'Rejected'].includes(kycById.get(act.kycId) ?? '')) {
      violations.push({ rule: 'every KYC decision acknowledged holds', detail: `${name}: ${kycById.get(act.kycId) ?? 'missing'}` });
    }
  }
  return violations;
}
