import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db';
import { maintenanceFeeJob } from '../apps/server/src/modules/fees';
import { SNAPSHOT_PER_EUR } from '../apps/server/src/modules/rates';
import { bankToday, fixedClock, instantOnBankDate, monthDay, systemClock, type JobContext } from '../apps/server/src/modules/jobs';
import { createSignedInClient } from '../apps/server/src/test/clients';
import { createOperatorFromCommandLine } from '../apps/server/src/modules/backoffice';
import { createSignedInOperator, totpCode } from '../apps/server/src/test/operators';
import { secretRing } from '../apps/server/src/lib/crypto';
import { createSession } from '../apps/server/src/modules/auth';
import { call, contextOf, createClients, persistently, type FaultClient } from './bank';
import { kycSample } from './routes';

/**
 * The back office's four-eyes acts under faults (docs/bank-controls.md#approvals-four-eyes,
 * docs/bank-controls.md#high-risk-clients): one loop of operators, beside the clients' loops, that
 * proposes an act as one operator, has that operator try to approve it (which must be refused), and
 * has a second operator of the same area approve it. The acts: marking a client high-risk or
 * standard (clientRisk), a new high-risk service fee (highRiskFee), an ECB file loaded by hand
 * (ecbFile), an incoming payment booked with an investigation and its fee, an operator's invitation,
 * an operator's change of roles, reactivation (after a deactivation, which holds at once) and
 * authenticator reset, and the KYC of a politically exposed person or of a high-risk client, which two compliance
 * operators must decide alike (the first decision leaves it in review; the same operator may not
 * make the other), and closing a client who breaches policy (docs/bank-controls.md#closing-a-client),
 * after which the closed client signs in again and asks for the payout of what remains. Every call
 * is retried as the clients' are, on no answer, a 5xx or a 429; what holds afterwards in the
 * database is checked by checks.ts (fourEyesViolations).
 */
export type ActKind =
  | 'clientRisk'
  | 'highRiskFee'
  | 'ecbFile'
  | 'investigation'
  | 'operatorInvite'
  | 'operatorRoles'
  | 'operatorReactivate'
  | 'operatorResetAuthenticator'
  | 'kycPep'
  | 'kycHighRisk'
  | 'clientClosure';

export interface Act {
  kind: ActKind;
  /** 'applied': the second operator was told it holds; 'refused': a 4xx on the bank's own terms; 'unknown': no answer in the end. */
  outcome: 'applied' | 'refused' | 'unknown';
  approvalId?: string;
  kycId?: string;
  /** The incoming payment's reference (the act's key), by which its booking is found. */
  reference?: string;
  /** Statuses other than 2xx/4xx/502/503/504. */
  serverErrors: number[];
  /** What the maker's own approval (or the first decider's second, other decision) was answered; it must be a 403. */
  ownDecisionStatus?: number;
  /** A KYC that needs two decisions but was decided by one (the first decider's answer, or the state after it). */
  decidedByOne?: string;
  /** A closed client's call the closure must refuse that was answered otherwise, or the payout's answer when it was not 200. */
  closedClientAnswer?: string;
  detail?: string;
}

export interface Operator {
  id: string;
  token: string;
}

/** Two operators of each role: the maker and the checker of every act are two of the same area. */
export interface Staff {
  compliance: [Operator, Operator];
  payments: [Operator, Operator];
  admin: [Operator, Operator];
}

/**
 * The operators: the second admin joins as a bank with one gets its second (docs/operations.md):
 * created by npm run operator:create's own code, then enrolled through its link in the API.
 */
export async function createStaff(db: Db, secret: string, baseUrl: string, environment: Record<string, string>): Promise<Staff> {
  const context = contextOf(db, secret);
  const one = async (role: 'compliance' | 'payments' | 'admin'): Promise<Operator> => {
    const operator = await createSignedInOperator(context, [role]);
    return { id: operator.id, token: operator.token };
  };
  const firstAdmin = await one('admin');
  return {
    compliance: [await one('compliance'), await one('compliance')],
    payments: [await one('payments'), await one('payments')],
    admin: [firstAdmin, await adminFromCommandLine(db, baseUrl, environment)],
  };
}

async function adminFromCommandLine(db: Db, baseUrl: string, environment: Record<string, string>): Promise<Operator> {
  const created = await createOperatorFromCommandLine({ db, config: loadConfig(environment) }, { email: `admin-${randomBytes(5).toString('hex')}@bank.test`, name: 'Second Admin', roles: ['admin'] });
  const link = created.link.slice(created.link.lastIndexOf('/') + 1);
  const publicCall = async (method: 'GET' | 'POST', body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/backoffice/enrolment/${link}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`enrolment ${method}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const info = (await publicCall('GET')) as { enrolment: { secret: string } };
  const signedIn = (await publicCall('POST', { password: 'Fault-Suite-Admin-2026', totpCode: await totpCode(info.enrolment.secret) })) as { operatorToken: string };
  return { id: created.operatorId, token: signedIn.operatorToken };
}

const RETRIED = (status: number) => status >= 500 || status === 429;
const GATEWAY_OR_UNAVAILABLE = new Set([502, 503, 504]);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Two operators in a random order: the maker and the checker. */
const pair = (operators: [Operator, Operator]): [Operator, Operator] => (Math.random() < 0.5 ? [operators[0], operators[1]] : [operators[1], operators[0]]);

interface Answer {
  status: number;
  body: string;
}

function parsed(answer: Answer): Record<string, unknown> {
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const detailsOf = (answer: Answer) => (parsed(answer).details ?? {}) as Record<string, unknown>;

/** A call retried until it is answered with neither a 5xx nor a 429; its 5xx other than 502-504 are noted on the act. */
async function send(baseUrl: string, act: Act, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return persistently(
    async () => {
      const reply = await call(baseUrl, token, method, path, body, headers);
      if (reply && reply.status >= 500 && !GATEWAY_OR_UNAVAILABLE.has(reply.status)) act.serverErrors.push(reply.status);
      return reply;
    },
    undefined,
    RETRIED,
  );
}

/** A database step of the suite's own, retried while PostgreSQL restarts or its backend is terminated. */
async function steadily<T>(step: () => Promise<T>): Promise<T> {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(300);
    }
  }
}

/**
 * The maker's proposal is known: its approval's id. A retried proposal whose first answer was lost
 * finds its own proposal waiting (409 alreadyProposed, naming it) or, for a call with an
 * Idempotency-Key, the first answer replayed.
 */
function proposalOf(answer: Answer, approvalOf: (body: Record<string, unknown>) => unknown): string | undefined {
  if (answer.status === 202 || answer.status === 200) {
    const approval = approvalOf(parsed(answer)) as { id?: string } | null | undefined;
    return approval?.id;
  }
  if (answer.status === 409 && detailsOf(answer).reason === 'alreadyProposed') return detailsOf(answer).approvalId as string | undefined;
  return undefined;
}

/**
 * The four eyes of one proposal: the maker tries to approve it (a 403 `ownProposal` is expected),
 * then the checker approves it. An approval whose answer was lost and that is asked again finds the
 * proposal approved (409 `decided`, Approved): it was applied once.
 */
async function checkByAnother(baseUrl: string, act: Act, maker: Operator, checker: Operator, approvalId: string): Promise<void> {
  act.approvalId = approvalId;
  const own = await send(baseUrl, act, maker.token, 'POST', `backoffice/approvals/${approvalId}/approve`, {});
  act.ownDecisionStatus = own.status;
  const approved = await send(baseUrl, act, checker.token, 'POST', `backoffice/approvals/${approvalId}/approve`, {});
  const details = detailsOf(approved);
  if (approved.status === 200 || (approved.status === 409 && details.reason === 'decided' && details.status === 'Approved')) act.outcome = 'applied';
  else if (approved.status >= 400 && approved.status < 500) {
    act.outcome = 'refused';
    act.detail = `approve ${approved.status} ${approved.body.slice(0, 200)}`;
  } else act.outcome = 'unknown';
}

async function proposeAndCheck(
  baseUrl: string,
  act: Act,
  [maker, checker]: [Operator, Operator],
  proposal: { method: 'POST' | 'PUT'; path: string; body: unknown; headers?: Record<string, string>; approvalOf: (body: Record<string, unknown>) => unknown },
): Promise<void> {
  const answer = await send(baseUrl, act, maker.token, proposal.method, proposal.path, proposal.body, proposal.headers);
  const approvalId = proposalOf(answer, proposal.approvalOf);
  if (!approvalId) {
    act.outcome = answer.status >= 400 && answer.status < 500 ? 'refused' : 'unknown';
    act.detail = `propose ${answer.status} ${answer.body.slice(0, 200)}`;
    return;
  }
  await checkByAnother(baseUrl, act, maker, checker, approvalId);
}

/** The clients compliance marks and unmarks, and whose accounts the investigated payments credit. */
export interface BackOfficeSubjects {
  clients: FaultClient[];
}

async function clientRisk(baseUrl: string, db: Db, staff: Staff, clientId: string, level?: 'high' | 'standard'): Promise<Act> {
  const act: Act = { kind: 'clientRisk', outcome: 'unknown', serverErrors: [] };
  const now = await steadily(() => sql<{ level: string }>`select level from client_risk_changes where client_id = ${clientId} order by id desc limit 1`.execute(db));
  const wanted = level ?? (now.rows[0]?.level === 'high' ? 'standard' : 'high');
  await proposeAndCheck(baseUrl, act, pair(staff.compliance), {
    method: 'POST',
    path: `backoffice/clients/${clientId}/risk`,
    body: { level: wanted, reason: `Fault suite: ${wanted}` },
    approvalOf: (body) => body.approval,
  });
  return act;
}

async function highRiskFee(baseUrl: string, staff: Staff): Promise<Act> {
  const act: Act = { kind: 'highRiskFee', outcome: 'unknown', serverErrors: [] };
  await proposeAndCheck(baseUrl, act, pair(staff.admin), {
    method: 'PUT',
    path: 'backoffice/fees/high-risk',
    body: { amount: `${50 + Math.floor(Math.random() * 100)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`, reason: 'Fault suite' },
    approvalOf: (body) => body.pending,
  });
  return act;
}

/** The bank's currencies that the ECB's daily file quotes. */
const ECB_QUOTED = ['USD', 'GBP', 'CHF', 'TRY', 'CNY', 'AUD', 'CZK', 'PLN', 'CAD'] as const;

/** An ECB file of today with the references the bank holds: within the band, it changes no rate. */
async function ecbFile(baseUrl: string, db: Db, staff: Staff): Promise<Act> {
  const act: Act = { kind: 'ecbFile', outcome: 'unknown', serverErrors: [] };
  const { rows } = await steadily(() =>
    sql<{ currency: string; rate: string | null; date: string | null }>`select currency, ecb_per_eur::text as rate, ecb_rate_date::text as date from fx_rates`.execute(db),
  );
  const stored = new Map(rows.map((row) => [row.currency, row]));
  const today = new Date().toISOString().slice(0, 10);
  if (rows.some((row) => row.date !== null && row.date > today)) {
    act.outcome = 'refused';
    act.detail = 'the rates in use are of a later day';
    return act;
  }
  // The references an upload is measured against: the last ECB rate stored, else the shipped snapshot.
  const references = ECB_QUOTED.map((currency) => [currency, stored.get(currency)?.rate ?? SNAPSHOT_PER_EUR[currency]] as const);
  const cubes = references.map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`).join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">` +
    `<gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>` +
    `<Cube><Cube time='${today}'>${cubes}</Cube></Cube></gesmes:Envelope>`;
  await proposeAndCheck(baseUrl, act, pair(staff.admin), { method: 'POST', path: 'backoffice/rates/ecb', body: { xml, reason: 'Fault suite' }, approvalOf: (body) => body.approval });
  return act;
}

/** An incoming payment handled by hand: booked on approval with its 50 EUR investigation fee. */
async function investigation(baseUrl: string, staff: Staff, client: FaultClient): Promise<Act> {
  const key = randomUUID();
  const act: Act = { kind: 'investigation', outcome: 'unknown', serverErrors: [], reference: key };
  const [accountNumber, currency] = pick([[client.eur, 'EUR'], [client.usd, 'USD']] as const);
  await proposeAndCheck(baseUrl, act, pair(staff.payments), {
    method: 'POST',
    path: 'backoffice/incoming-payments',
    body: {
      accountNumber,
      amount: (100 + Math.floor(Math.random() * 40_000) / 100).toFixed(2),
      currency,
      senderName: 'Fault suite payer',
      senderAccount: 'DE89370400440532013000',
      paymentRegion: 'SEPA',
      reference: key,
      reason: 'Details missing: handled by hand',
      investigation: true,
    },
    headers: { 'idempotency-key': key },
    approvalOf: (body) => body.approval,
  });
  return act;
}

async function operatorInvite(baseUrl: string, staff: Staff): Promise<Act> {
  const act: Act = { kind: 'operatorInvite', outcome: 'unknown', serverErrors: [] };
  const email = `invited-${randomBytes(5).toString('hex')}@bank.test`;
  await proposeAndCheck(baseUrl, act, pair(staff.admin), {
    method: 'POST',
    path: 'backoffice/operators',
    body: { email, name: 'Invited Operator', roles: [pick(['payments', 'compliance'])], reason: 'Fault suite' },
    approvalOf: (body) => body.approval,
  });
  return act;
}

/**
 * A change to an operator of the suite's own (made for the act, a payments operator): new roles, a
 * reactivation after the deactivation that holds at once, or a new enrolment in place of the
 * authenticator. Each is a proposal of one admin that the other approves.
 */
async function operatorChange(baseUrl: string, db: Db, secret: string, staff: Staff, kind: 'operatorRoles' | 'operatorReactivate' | 'operatorResetAuthenticator'): Promise<Act> {
  const act: Act = { kind, outcome: 'unknown', serverErrors: [] };
  const target = await steadily(() => createSignedInOperator(contextOf(db, secret), ['payments']));
  const admins = pair(staff.admin);
  const path = `backoffice/operators/${target.id}`;
  if (kind === 'operatorReactivate') {
    const deactivated = await send(baseUrl, act, admins[0].token, 'POST', `${path}/deactivate`, { reason: 'Fault suite: leave' });
    if (deactivated.status !== 200) {
      act.outcome = deactivated.status >= 400 && deactivated.status < 500 ? 'refused' : 'unknown';
      act.detail = `deactivate ${deactivated.status} ${deactivated.body.slice(0, 200)}`;
      return act;
    }
  }
  const proposal =
    kind === 'operatorRoles'
      ? { path: `${path}/roles`, body: { roles: [pick(['compliance', 'admin'] as const)], reason: 'Fault suite: new duties' } }
      : { path: `${path}/${kind === 'operatorReactivate' ? 'reactivate' : 'reset-authenticator'}`, body: { reason: 'Fault suite' } };
  await proposeAndCheck(baseUrl, act, admins, { method: 'POST', ...proposal, approvalOf: (body) => body.approval });
  return act;
}

/**
 * A KYC that two compliance operators decide: a new client submits it (as a PEP, or after being
 * marked high-risk), the first operator decides it (recorded; it stays in review), asks the same
 * again (a repeated click: still in review) and then the other way (403 `sameOperator`), and the
 * second operator's agreeing decision decides it.
 */
async function kycByTwo(baseUrl: string, db: Db, secret: string, staff: Staff, ground: 'pep' | 'highRisk'): Promise<Act[]> {
  const acts: Act[] = [];
  const act: Act = { kind: ground === 'pep' ? 'kycPep' : 'kycHighRisk', outcome: 'unknown', serverErrors: [] };
  const client = await steadily(() => createSignedInClient(contextOf(db, secret), { kycStatus: null }));
  if (ground === 'highRisk') {
    const marked = await clientRisk(baseUrl, db, staff, client.id, 'high');
    acts.push(marked);
    if (marked.outcome !== 'applied') return acts;
  }
  acts.push(act);
  const submitted = await send(baseUrl, act, client.token, 'POST', 'kyc/create', { ...kycSample(), pep: ground === 'pep' });
  // A submission whose answer was lost is in review already (409): it is the one to decide.
  if (submitted.status !== 200 && submitted.status !== 409) {
    act.outcome = submitted.status >= 400 && submitted.status < 500 ? 'refused' : 'unknown';
    act.detail = `submit ${submitted.status} ${submitted.body.slice(0, 200)}`;
    return acts;
  }
  const record = await steadily(() => db.selectFrom('kyc_records').select(['id', 'version']).where('client_id', '=', client.id).where('status', '=', 'New').executeTakeFirst());
  if (!record) {
    act.outcome = 'refused';
    act.detail = `submit ${submitted.status}: no submission in review`;
    return acts;
  }
  act.kycId = record.id;
  const [first, second] = pair(staff.compliance);
  const verdict = Math.random() < 0.75 ? 'approve' : 'reject';
  const other = verdict === 'approve' ? 'reject' : 'approve';
  const body = (decision: string) => (decision === 'approve' ? { version: record.version } : { version: record.version, reason: 'Fault suite: documents do not match' });
  const decide = (operator: Operator, decision: string) => send(baseUrl, act, operator.token, 'POST', `backoffice/kyc/${record.id}/${decision}`, body(decision));
  for (const [operator, decision] of [[first, verdict], [first, verdict]] as const) {
    const answer = await decide(operator, decision);
    const status = parsed(answer).status;
    if (answer.status === 200 && status !== 'New') act.decidedByOne = `${decision} by one operator answered ${status}`;
    if (answer.status !== 200) {
      act.outcome = answer.status >= 400 && answer.status < 500 ? 'refused' : 'unknown';
      act.detail = `first ${decision} ${answer.status} ${answer.body.slice(0, 200)}`;
      return acts;
    }
  }
  act.ownDecisionStatus = (await decide(first, other)).status;
  const still = await steadily(() => db.selectFrom('kyc_records').select('status').where('id', '=', record.id).executeTakeFirstOrThrow());
  if (still.status !== 'New') act.decidedByOne = `in ${still.status} after one operator's decisions`;
  const decided = await decide(second, verdict);
  const status = parsed(decided).status;
  if (decided.status === 200 && status === (verdict === 'approve' ? 'Approved' : 'Rejected')) act.outcome = 'applied';
  else {
    act.outcome = decided.status >= 400 && decided.status < 500 ? 'refused' : decided.status === 200 ? 'refused' : 'unknown';
    act.detail = `second ${verdict} ${decided.status} ${decided.body.slice(0, 200)}`;
  }
  return acts;
}

/**
 * A client of its own, funded, closed by two compliance operators; the client then signs in again,
 * is refused a transfer (403 CLIENT_CLOSED), and asks for the payout of what remains (an
 * Idempotency-Key, so a retried request pays once).
 */
async function clientClosure(baseUrl: string, db: Db, secret: string, staff: Staff): Promise<Act> {
  const act: Act = { kind: 'clientClosure', outcome: 'unknown', serverErrors: [] };
  const [client] = await steadily(() => createClients(db, secret, baseUrl, 1));
  await proposeAndCheck(baseUrl, act, pair(staff.compliance), {
    method: 'POST',
    path: `backoffice/clients/${client!.id}/closure`,
    body: { reason: 'Fault suite: policy breach' },
    approvalOf: (body) => body.approval,
  });
  if (act.outcome !== 'applied') return act;
  const token = await steadily(() => createSession(db, secretRing(secret), 'client', client!.id));
  const transfer = await send(baseUrl, act, token, 'POST', 'transaction/create', { type: 'internal', accNumberFrom: client!.eur, accNumberTo: client!.usd, amount: '1.00' });
  if (transfer.status !== 403) act.closedClientAnswer = `transfer ${transfer.status}`;
  const payout = await send(baseUrl, act, token, 'POST', 'closure/payout', {
    fullName: 'Fault Suite Client',
    iban: 'DE89370400440532013000',
    swiftBic: 'DEUTDEFF',
    bank: 'Deutsche Bank',
    bankAddress: 'Taunusanlage 12, Frankfurt',
    address: 'Hauptstraße 1, Berlin',
  }, { 'idempotency-key': randomUUID() });
  if (payout.status !== 200) act.closedClientAnswer = `payout ${payout.status} ${payout.body.slice(0, 200)}`;
  return act;
}

const ACTS: ActKind[] = [
  'clientRisk',
  'highRiskFee',
  'ecbFile',
  'investigation',
  'investigation',
  'operatorInvite',
  'operatorRoles',
  'operatorReactivate',
  'operatorResetAuthenticator',
  'kycPep',
  'kycHighRisk',
  'clientClosure',
];

/** The operators' loop until `until`: one act after another, each complete (proposed and checked) before the next. */
export async function backOfficeLoop(baseUrl: string, db: Db, secret: string, staff: Staff, subjects: BackOfficeSubjects, until: number): Promise<Act[]> {
  const acts: Act[] = [];
  while (Date.now() < until) {
    const kind = pick(ACTS);
    const client = pick(subjects.clients);
    switch (kind) {
      case 'clientRisk':
        acts.push(await clientRisk(baseUrl, db, staff, client.id));
        break;
      case 'highRiskFee':
        acts.push(await highRiskFee(baseUrl, staff));
        break;
      case 'ecbFile':
        acts.push(await ecbFile(baseUrl, db, staff));
        break;
      case 'investigation':
        acts.push(await investigation(baseUrl, staff, client));
        break;
      case 'operatorInvite':
        acts.push(await operatorInvite(baseUrl, staff));
        break;
      case 'operatorRoles':
      case 'operatorReactivate':
      case 'operatorResetAuthenticator':
        acts.push(await operatorChange(baseUrl, db, secret, staff, kind));
        break;
      case 'kycPep':
        acts.push(...(await kycByTwo(baseUrl, db, secret, staff, 'pep')));
        break;
      case 'kycHighRisk':
        acts.push(...(await kycByTwo(baseUrl, db, secret, staff, 'highRisk')));
        break;
      case 'clientClosure':
        acts.push(await clientClosure(baseUrl, db, secret, staff));
        break;
    }
    // An operator's pace, not a client app's: the clients' loops stay the load.
    await sleep(200 + Math.random() * 300);
  }
  return acts;
}

/**
 * The monthly sweep of docs/time.md, as it runs on the first of next month: it charges this month's
 * maintenance fee and the high-risk service fee, at the amount the run's operators set last, to
 * every client high-risk then (fees/maintenance.ts), so the checks find those charges among what
 * must hold. Run once the load has stopped; answers the charges made.
 */
export async function chargeMonthAsItEnds(db: Db, environment: Record<string, string>): Promise<number> {
  const config = loadConfig(environment);
  const zone = config.time.zone;
  const firstOfNext = monthDay(bankToday(systemClock(zone)), 1, 1);
  const clock = fixedClock(instantOnBankDate(firstOfNext, 1, zone), zone);
  const quiet = () => undefined;
  const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as JobContext['log'];
  const before = await sql<{ total: string }>`select (select count(*) from maintenance_charges) + (select count(*) from high_risk_charges) as total`.execute(db);
  await maintenanceFeeJob.run({ db, config, clock, log, mailer: undefined as unknown as JobContext['mailer'] }, {});
  const after = await sql<{ total: string }>`select (select count(*) from maintenance_charges) + (select count(*) from high_risk_charges) as total`.execute(db);
  return Number(after.rows[0]!.total) - Number(before.rows[0]!.total);
}
