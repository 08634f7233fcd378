// Proves enhanced due diligence and the client's risk level (docs/bank-controls.md#high-risk-clients):
// a politically exposed person's KYC, or a high-risk client's, approved by one compliance operator
// stays in review and the client is not identified; a second, different operator's agreeing decision
// decides it; the same operator cannot decide twice; a disagreement waits for a third; a standard
// client's KYC is still decided by one. Marking a client high-risk answers 202 and changes nothing
// until a second operator approves it; the card then shows the level and its history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { get, post } from '../../test/identity';
import { PERSONAL_KYC_FORM } from '../../test/kyc';
import { createSignedInOperator, type TestOperator } from '../../test/operators';
import { enhancedReviewGrounds, enhancedReviewStep, type RecordedDecision } from './enhanced-review';

let context: TestContext;
let compliance: TestOperator;
let secondCompliance: TestOperator;
let admin: TestOperator;
let payments: TestOperator;
beforeAll(async () => {
  context = await createTestContext();
  compliance = await createSignedInOperator(context, ['compliance']);
  secondCompliance = await createSignedInOperator(context, ['compliance']);
  admin = await createSignedInOperator(context, ['admin']);
  payments = await createSignedInOperator(context, ['payments']);
});
afterAll(() => context.close());

function asOperator(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
}

async function submitted(options: { pep: boolean; client?: TestClient }): Promise<{ client: TestClient; kycId: string; version: number }> {
  const client = options.client ?? (await createSignedInClient(context, { kycStatus: null, accountType: 'personal' }));
  const created = await post(context, '/api/kyc/create', { ...PERSONAL_KYC_FORM, pep: options.pep }, { token: client.token });
  expect(created.statusCode, created.body).toBe(200);
  const [record] = (await get(context, '/api/kyc/list', client.token)).json();
  const { version } = (await asOperator(compliance, 'GET', `kyc/${record.kycId}`)).json();
  return { client, kycId: record.kycId, version };
}

const clientStatus = async (client: TestClient) => (await get(context, '/api/user/me', client.token)).json().flags.kycStatus;
const auditOf = (subjectId: string, action: string) =>
  context.db.selectFrom('audit_log').select(['actor_id', 'after']).where('subject_id', '=', subjectId).where('action', '=', action).orderBy('id').execute();

/** Proposes a client's risk level as `maker` and approves it as `checker`. */
async function markRisk(client: TestClient, level: 'high' | 'standard', maker: TestOperator, checker: TestOperator): Promise<void> {
  const proposed = await asOperator(maker, 'POST', `clients/${client.id}/risk`, { level, reason: 'Adverse media' });
  expect(proposed.statusCode, proposed.body).toBe(202);
  const approved = await asOperator(checker, 'POST', `approvals/${proposed.json().approval.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
}

describe('a politically exposed person\'s KYC', () => {
  it('approved by one compliance operator stays in review, and the client is not identified', async () => {
    const { client, kycId, version } = await submitted({ pep: true });
    const first = await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ kycId, status: 'New', awaitingDecision: true });
    expect(await clientStatus(client)).toBe('New');
    const [record] = (await get(context, '/api/kyc/list', client.token)).json();
    expect(record).toMatchObject({ status: 'New', decidedAt: null });
    expect(context.mails.some((mail) => mail.to === client.email)).toBe(false);

    // The detail says two decisions are needed and who made the first.
    const detail = (await asOperator(secondCompliance, 'GET', `kyc/${kycId}`)).json();
    expect(detail.version).toBe(version);
    expect(detail.enhancedReview).toMatchObject({ grounds: ['pep'], decisionsNeeded: 2, decisions: [{ operator: { id: compliance.id }, status: 'Approved', version }] });
    expect(await auditOf(kycId, 'kyc.decisionRecorded')).toMatchObject([{ actor_id: compliance.id, after: { decision: 'Approved', grounds: ['pep'] } }]);
    expect(await auditOf(kycId, 'kyc.decided')).toEqual([]);
  });

  it('the same operator cannot decide twice: the same click changes nothing, another decision is refused', async () => {
    const { client, kycId, version } = await submitted({ pep: true });
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version })).statusCode).toBe(200);
    const again = await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ kycId, status: 'New', awaitingDecision: true });
    const otherWay = await asOperator(compliance, 'POST', `kyc/${kycId}/reject`, { version, reason: 'Changed my mind' });
    expect(otherWay.statusCode, otherWay.body).toBe(403);
    expect(otherWay.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'sameOperator' } });
    expect(await clientStatus(client)).toBe('New');
    expect((await asOperator(admin, 'GET', `kyc/${kycId}`)).json().enhancedReview.decisions).toHaveLength(1);
  });

  it('is decided by a second, different operator\'s approval (an admin counts): the client is identified', async () => {
    const { client, kycId, version } = await submitted({ pep: true });
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version })).statusCode).toBe(200);
    const second = await asOperator(admin, 'POST', `kyc/${kycId}/approve`, { version });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ kycId, status: 'Approved' });
    expect(await clientStatus(client)).toBe('Approved');
    expect(await auditOf(kycId, 'kyc.decided')).toMatchObject([{ actor_id: admin.id, after: { status: 'Approved', grounds: ['pep'] } }]);
    const detail = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    expect(detail.status).toBe('Approved');
    expect(detail.enhancedReview.decisions.map((decision: { operator: { id: string } }) => decision.operator.id)).toEqual([compliance.id, admin.id]);
  });

  it('with two different decisions stays in review until a third operator agrees with one of them', async () => {
    const { client, kycId, version } = await submitted({ pep: true });
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version })).statusCode).toBe(200);
    const disagreeing = await asOperator(secondCompliance, 'POST', `kyc/${kycId}/reject`, { version, reason: 'Source of wealth not shown' });
    expect(disagreeing.json()).toEqual({ kycId, status: 'New', awaitingDecision: true });
    expect(await clientStatus(client)).toBe('New');
    const third = await asOperator(admin, 'POST', `kyc/${kycId}/reject`, { version, reason: 'Source of wealth not shown' });
    expect(third.json()).toEqual({ kycId, status: 'Rejected' });
    expect(await clientStatus(client)).toBe('Rejected');
    const [record] = (await get(context, '/api/kyc/list', client.token)).json();
    expect(record).toMatchObject({ status: 'Rejected', rejectionReason: 'Source of wealth not shown' });
  });
});

describe('a standard client\'s KYC', () => {
  it('is still decided by one operator', async () => {
    const { client, kycId, version } = await submitted({ pep: false });
    const answer = await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version });
    expect(answer.json()).toEqual({ kycId, status: 'Approved' });
    expect(await clientStatus(client)).toBe('Approved');
    expect((await asOperator(compliance, 'GET', `kyc/${kycId}`)).json().enhancedReview).toEqual({ grounds: [], decisionsNeeded: 1, decisions: [] });
  });
});

describe('marking a client high-risk', () => {
  it('answers 202 and changes nothing until a second compliance operator approves; the card shows the level and its history', async () => {
    const client = await createSignedInClient(context, { kycStatus: null, accountType: 'personal' });
    const proposed = await asOperator(compliance, 'POST', `clients/${client.id}/risk`, { level: 'high', reason: 'Adverse media' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { approval } = proposed.json();
    expect(approval).toMatchObject({ kind: 'clientRisk', status: 'Pending', payload: { clientId: client.id, level: 'high', previous: 'standard' } });

    const waiting = (await asOperator(secondCompliance, 'GET', `clients/${client.id}`)).json();
    expect(waiting.risk).toMatchObject({ level: 'standard', history: [], pending: { id: approval.id } });
    // A second proposal while one waits, the maker's own approval, and another role: refused.
    expect((await asOperator(admin, 'POST', `clients/${client.id}/risk`, { level: 'high', reason: 'Again' })).json().details.reason).toBe('alreadyProposed');
    expect((await asOperator(compliance, 'POST', `approvals/${approval.id}/approve`, {})).statusCode).toBe(403);
    expect((await asOperator(payments, 'POST', `clients/${client.id}/risk`, { level: 'high', reason: 'Adverse media' })).statusCode).toBe(403);
    expect((await asOperator(compliance, 'GET', `clients/${client.id}`)).json().risk.level).toBe('standard');

    const approved = await asOperator(secondCompliance, 'POST', `approvals/${approval.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const card = (await asOperator(payments, 'GET', `clients/${client.id}`)).json();
    expect(card.risk).toMatchObject({
      level: 'high',
      pending: null,
      history: [{ level: 'high', reason: 'Adverse media', proposedBy: { id: compliance.id }, approvedBy: { id: secondCompliance.id }, approvalId: approval.id }],
    });
    expect(await auditOf(client.id, 'client.riskChanged')).toMatchObject([{ actor_id: secondCompliance.id, after: { level: 'high', proposedBy: compliance.id } }]);
    const same = await asOperator(compliance, 'POST', `clients/${client.id}/risk`, { level: 'high', reason: 'Still' });
    expect(same.statusCode).toBe(409);
    expect(same.json().details.reason).toBe('riskUnchanged');
  });

  it('makes the client\'s KYC need two decisions, and back to standard one again', async () => {
    const client = await createSignedInClient(context, { kycStatus: null, accountType: 'personal' });
    await markRisk(client, 'high', compliance, admin);
    const { kycId, version } = await submitted({ pep: false, client });
    expect((await asOperator(compliance, 'GET', `kyc/${kycId}`)).json().enhancedReview).toMatchObject({ grounds: ['highRisk'], decisionsNeeded: 2 });
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/reject`, { version, reason: 'Unclear' })).json()).toEqual({ kycId, status: 'New', awaitingDecision: true });
    expect(await clientStatus(client)).toBe('New');

    await markRisk(client, 'standard', secondCompliance, admin);
    const history = (await asOperator(compliance, 'GET', `clients/${client.id}`)).json().risk.history;
    expect(history.map((change: { level: string }) => change.level)).toEqual(['standard', 'high']);
    expect((await asOperator(secondCompliance, 'POST', `kyc/${kycId}/approve`, { version })).json()).toEqual({ kycId, status: 'Approved' });
    expect(await clientStatus(client)).toBe('Approved');
  });

  it('validates the level and the reason', async () => {
    const client = await createSignedInClient(context);
    const answer = await asOperator(compliance, 'POST', `clients/${client.id}/risk`, { level: 'extreme', reason: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toMatchObject({ level: 'validation.riskLevel.invalid' });
    expect((await asOperator(compliance, 'POST', 'clients/00000000-0000-4000-8000-000000000000/risk', { level: 'high', reason: 'x' })).statusCode).toBe(404);
  });
});

describe('the rule of two decisions', () => {
  const decision = (operatorId: string, status: 'Approved' | 'Rejected', version = 1): RecordedDecision => ({ operatorId, status, version });
  it.each([
    { recorded: [], next: decision('a', 'Approved'), step: 'record' },
    { recorded: [decision('a', 'Approved')], next: decision('b', 'Approved'), step: 'decide' },
    { recorded: [decision('a', 'Approved')], next: decision('b', 'Rejected'), step: 'record' },
    { recorded: [decision('a', 'Approved'), decision('b', 'Rejected')], next: decision('c', 'Rejected'), step: 'decide' },
    { recorded: [decision('a', 'Approved'), decision('b', 'Rejected')], next: decision('c', 'Approved'), step: 'decide' },
    { recorded: [decision('a', 'Approved')], next: decision('a', 'Approved'), step: 'repeat' },
    { recorded: [decision('a', 'Approved')], next: decision('a', 'Approved', 2), step: 'sameOperator' },
    { recorded: [decision('a', 'Approved')], next: decision('a', 'Rejected'), step: 'sameOperator' },
  ] as const)('$recorded.length recorded, then $next.operatorId $next.status: $step', ({ recorded, next, step }) => {
    expect(enhancedReviewStep(recorded, next)).toBe(step);
  });

  it('applies to a politically exposed person and to a high-risk client', () => {
    expect(enhancedReviewGrounds({ pep: false }, false)).toEqual([]);
    expect(enhancedReviewGrounds({ pep: true }, false)).toEqual(['pep']);
    expect(enhancedReviewGrounds({ pep: false }, true)).toEqual(['highRisk']);
    expect(enhancedReviewGrounds({ pep: true }, true)).toEqual(['pep', 'highRisk']);
  });
});
