// Proves that operator actions which change nothing are audited too: signing out, and opening a
// client's card or a KYC record (who looked at whose personal data, from where, and when), while a
// card or record that does not exist leaves no row; and that an act the bank refuses is a row too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestAccount } from '../accounts/test-support';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator } from '../../test/operators';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const rowsOf = (action: string, actorId: string) =>
  context.db.selectFrom('audit_log').select(['actor_type', 'actor_id', 'subject_type', 'subject_id', 'ip']).where('action', '=', action).where('actor_id', '=', actorId).orderBy('id').execute();

async function submittedKyc(): Promise<{ clientId: string; kycId: string }> {
  const client = await createSignedInClient(context, { kycStatus: null });
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/kyc/create',
    headers: client.headers,
    payload: {
      firstName: 'Anna',
      lastName: 'Schmidt',
      country: 'de',
      city: 'Berlin',
      postalCode: '10115',
      address: 'Invalidenstraße 1',
      phoneNumber: '+49 30 555 0101',
      identityCardType: 'passport',
      identityCardId: 'C01X00T47',
      sourcesOfWealth: ['salary'],
      isOtherSourcesOfWealth: false,
      pep: false,
      currencies: ['EUR'],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const [record] = (await context.app.inject({ method: 'GET', url: '/api/kyc/list', headers: client.headers })).json();
  return { clientId: client.id, kycId: record.kycId };
}

describe('the audit trail of operators', () => {
  it('records a sign-out, and the token no longer works', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const answer = await context.app.inject({ method: 'POST', url: '/api/backoffice/logout', headers: operator.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await rowsOf('backoffice.signOut', operator.id)).toEqual([
      { actor_type: 'operator', actor_id: operator.id, subject_type: 'operator', subject_id: operator.id, ip: '127.0.0.1' },
    ]);
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: operator.headers })).statusCode).toBe(401);
  });

  it('records each view of a client card, and none of a card that does not exist', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const client = await createSignedInClient(context);
    for (let view = 0; view < 2; view += 1) {
      const answer = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${client.id}`, headers: operator.headers });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const missing = await context.app.inject({ method: 'GET', url: `/api/backoffice/clients/${randomUUID()}`, headers: operator.headers });
    expect(missing.statusCode).toBe(404);
    const view = { actor_type: 'operator', actor_id: operator.id, subject_type: 'client', subject_id: client.id, ip: '127.0.0.1' };
    expect(await rowsOf('backoffice.clientViewed', operator.id)).toEqual([view, view]);
  });

  it('records a view of a KYC record, and none of a record that does not exist', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const { kycId } = await submittedKyc();
    const answer = await context.app.inject({ method: 'GET', url: `/api/backoffice/kyc/${kycId}`, headers: operator.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const missing = await context.app.inject({ method: 'GET', url: `/api/backoffice/kyc/${randomUUID()}`, headers: operator.headers });
    expect(missing.statusCode).toBe(404);
    expect(await rowsOf('backoffice.kycViewed', operator.id)).toEqual([
      { actor_type: 'operator', actor_id: operator.id, subject_type: 'kyc', subject_id: kycId, ip: '127.0.0.1' },
    ]);
  });

  it('does not record a view refused to a role outside the area', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const { kycId } = await submittedKyc();
    expect((await context.app.inject({ method: 'GET', url: `/api/backoffice/kyc/${kycId}`, headers: operator.headers })).statusCode).toBe(403);
    expect(await rowsOf('backoffice.kycViewed', operator.id)).toEqual([]);
  });
});

describe('refusals', () => {
  it("an operator's refused act is an audit row naming the call and the reason: their own proposal, a role they lack", async () => {
    const maker = await createSignedInOperator(context, ['payments']);
    const client = await createSignedInClient(context);
    const account = await openTestAccount(context, client, 'EUR');
    const proposed = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/incoming-payments',
      headers: maker.headers,
      payload: { accountNumber: account.number, amount: '100.00', currency: 'EUR', senderName: 'A', senderAccount: 'X1234', paymentRegion: 'SWIFT' },
    });
    const approvalId = proposed.json().approval.id as string;
    expect((await context.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${approvalId}/approve`, headers: maker.headers })).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: maker.headers })).statusCode).toBe(403);
    const rows = await context.db.selectFrom('audit_log').select(['action', 'subject_type', 'subject_id', 'after']).where('actor_id', '=', maker.id).where('action', '=', 'backoffice.refused').orderBy('id').execute();
    expect(rows).toMatchObject([
      { subject_type: '/api/backoffice/approvals/:approvalId/approve', subject_id: approvalId, after: { code: 'FORBIDDEN', reason: 'ownProposal' } },
      { subject_type: '/api/backoffice/operators', subject_id: null, after: { method: 'GET', code: 'FORBIDDEN' } },
    ]);
  });
});
