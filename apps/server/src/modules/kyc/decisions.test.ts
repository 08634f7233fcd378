// Proves that a KYC decision binds to what the operator reviewed: the back office reads the
// submission's version, a decision on any other version is a 409 that decides nothing, the client
// cannot change a submission in review (409 with a translation key), and an operator cannot decide
// the KYC of a client registered with the operator's own e-mail, in any letter case (403).
import { KYC_REFUSALS } from '@bank/contracts/kyc/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, type TestClient } from '../../test/clients';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { get, post } from '../../test/identity';
import { createSignedInOperator, type TestOperator } from '../../test/operators';

let context: TestContext;
let compliance: TestOperator;
beforeAll(async () => {
  context = await createTestContext();
  compliance = await createSignedInOperator(context, ['compliance']);
});
afterAll(() => context.close());

const businessForm = { companyName: 'Steppe Logistics LLP', country: 'KZ', city: 'Almaty', address: '12 Abay Avenue' };

function asOperator(operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return context.app.inject({ method, url: `/api/backoffice/${url}`, headers: operator.headers, ...(payload === undefined ? {} : { payload }) });
}

async function submitted(client?: TestClient): Promise<{ client: TestClient; kycId: string }> {
  const owner = client ?? (await createSignedInClient(context, { kycStatus: null, accountType: 'business' }));
  const created = await post(context, '/api/kyc/create', businessForm, { token: owner.token });
  expect(created.statusCode, created.body).toBe(200);
  const [record] = (await get(context, '/api/kyc/list', owner.token)).json();
  return { client: owner, kycId: record.kycId };
}

const stored = (kycId: string) =>
  context.db.selectFrom('kyc_records').select(['status', 'company_name', 'version', 'decided_version', 'decided_by']).where('id', '=', kycId).executeTakeFirstOrThrow();
const decisions = (kycId: string) =>
  context.db.selectFrom('audit_log').select('action').where('subject_id', '=', kycId).where('action', '=', 'kyc.decided').execute();

describe('the version an operator reviews', () => {
  it('is shown with the submission in the queue and on its own, and counts every change', async () => {
    const { kycId } = await submitted();
    const opened = await asOperator(compliance, 'GET', `kyc/${kycId}`);
    expect(opened.json()).toMatchObject({ kycId, version: 1, companyName: 'Steppe Logistics LLP' });
    const queue = (await asOperator(compliance, 'GET', 'kyc?status=New')).json();
    expect(queue.items.find((item: { kycId: string }) => item.kycId === kycId).version).toBe(1);

    // Whatever changes the row counts: the database does, not each code path.
    await context.db.updateTable('kyc_records').set({ city: 'Astana' }).where('id', '=', kycId).execute();
    await context.db.updateTable('kyc_records').set({ version: 1 }).where('id', '=', kycId).execute();
    expect((await asOperator(compliance, 'GET', `kyc/${kycId}`)).json().version).toBe(3);
  });

  it('a decision on the version shown decides, once; a repeated click changes nothing', async () => {
    const { client, kycId } = await submitted();
    const { version } = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    const approved = await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ kycId, status: 'Approved' });
    expect(await stored(kycId)).toMatchObject({ status: 'Approved', version: version + 1, decided_version: version, decided_by: compliance.id });
    expect((await get(context, '/api/user/me', client.token)).json().flags.kycStatus).toBe('Approved');

    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version })).json()).toEqual({ kycId, status: 'Approved' });
    expect(await decisions(kycId)).toHaveLength(1);
    const other = await asOperator(compliance, 'POST', `kyc/${kycId}/reject`, { reason: 'Too late', version });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toEqual({ reason: 'decided', version: version + 1, status: 'Approved' });
  });

  it('a decision on a version that has changed since is a 409 with the version now, and decides nothing', async () => {
    const { client, kycId } = await submitted();
    const seen = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    await context.db.updateTable('kyc_records').set({ company_name: 'Other Name LLP' }).where('id', '=', kycId).execute();

    for (const [action, body] of [
      ['approve', { version: seen.version }],
      ['reject', { version: seen.version, reason: 'The registration certificate is missing' }],
    ] as const) {
      const answer = await asOperator(compliance, 'POST', `kyc/${kycId}/${action}`, body);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'changed', version: seen.version + 1, status: 'New' } });
    }
    expect(await stored(kycId)).toMatchObject({ status: 'New', decided_version: null, decided_by: null });
    expect(await decisions(kycId)).toEqual([]);
    expect((await get(context, '/api/user/me', client.token)).json().flags.kycStatus).toBe('New');
    expect(context.mails.some((mail) => mail.to === client.email)).toBe(false);

    // Read again, the operator decides on what is there now.
    const fresh = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    expect(fresh).toMatchObject({ version: seen.version + 1, companyName: 'Other Name LLP' });
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version: fresh.version })).statusCode).toBe(200);
    expect(await stored(kycId)).toMatchObject({ status: 'Approved', decided_version: fresh.version });
  });

  // A race needs a pool of connections: PGlite's one connection would run the two requests in turn.
  it.runIf(onPostgres)('two operators deciding the same version at once: one decision holds, the other is told', async () => {
    const { kycId } = await submitted();
    const second = await createSignedInOperator(context, ['compliance']);
    const { version } = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    const answers = await Promise.all([
      asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version }),
      asOperator(second, 'POST', `kyc/${kycId}/reject`, { version, reason: 'The passport has expired' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().details).toMatchObject({ reason: 'decided', version: version + 1 });
    expect(await decisions(kycId)).toHaveLength(1);
  });

  it('is required, as a positive whole number', async () => {
    const { kycId } = await submitted();
    for (const body of [{}, { version: '1' }, { version: 0 }, { version: 1.5 }, { version: 2_147_483_648 }]) {
      const answer = await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().fields).toEqual({ version: 'validation.kyc.version' });
    }
    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/reject`, { reason: 'Unreadable' })).json().fields).toEqual({ version: 'validation.kyc.version' });
    expect((await stored(kycId)).status).toBe('New');
  });
});

describe('a submission in review', () => {
  it('cannot be changed by the client: the name the operator approves is the name the operator saw', async () => {
    const { client, kycId } = await submitted();
    const seen = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();

    const change = await post(context, '/api/kyc/update', { ...businessForm, kycId, companyName: 'Renamed Holdings Ltd' }, { token: client.token });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ code: 'CONFLICT', fields: { _: KYC_REFUSALS.inReview } });
    const again = await post(context, '/api/kyc/create', { ...businessForm, companyName: 'Renamed Holdings Ltd' }, { token: client.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ _: KYC_REFUSALS.inReview });

    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version: seen.version })).statusCode).toBe(200);
    const [record] = (await get(context, '/api/kyc/list', client.token)).json();
    expect(record).toMatchObject({ kycId, status: 'Approved', companyName: 'Steppe Logistics LLP' });
    const me = (await get(context, '/api/user/me', client.token)).json();
    expect(me.companyName).toBe('Steppe Logistics LLP');
  });

  it('stays as decided: a change after the decision is a 409 too, and another client\'s id is 404', async () => {
    const { client, kycId } = await submitted();
    const { version } = (await asOperator(compliance, 'GET', `kyc/${kycId}`)).json();
    await asOperator(compliance, 'POST', `kyc/${kycId}/reject`, { reason: 'Unreadable', version });
    const change = await post(context, '/api/kyc/update', { ...businessForm, kycId }, { token: client.token });
    expect(change.statusCode).toBe(409);
    expect(change.json().fields).toEqual({ _: KYC_REFUSALS.reviewed });

    const stranger = await createSignedInClient(context, { kycStatus: null, accountType: 'business' });
    expect((await post(context, '/api/kyc/update', { ...businessForm, kycId }, { token: stranger.token })).statusCode).toBe(404);
  });
});

describe('an operator and a client with the operator\'s own e-mail', () => {
  it('the operator cannot approve or reject that KYC (403), in any letter case; another operator can', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const own = await createSignedInClient(context, { kycStatus: null, accountType: 'business' });
    await context.db.updateTable('clients').set({ email: operator.email.toUpperCase() }).where('id', '=', own.id).execute();
    const { kycId } = await submitted(own);
    const { version } = (await asOperator(operator, 'GET', `kyc/${kycId}`)).json();

    for (const [action, body] of [
      ['approve', { version }],
      ['reject', { version, reason: 'Rejected to test the rule' }],
    ] as const) {
      const answer = await asOperator(operator, 'POST', `kyc/${kycId}/${action}`, body);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'ownClient' } });
      expect(answer.json().message).toMatch(/own e-mail/);
    }
    expect(await stored(kycId)).toMatchObject({ status: 'New', version, decided_by: null });

    // An admin signed in with the same address is refused as well: the rule is the e-mail, not the role.
    const admin = await createSignedInOperator(context, ['admin']);
    await context.db.updateTable('operators').set({ email: sql<string>`upper(${admin.email})` }).where('id', '=', admin.id).execute();
    await context.db.updateTable('clients').set({ email: admin.email.toLowerCase() }).where('id', '=', own.id).execute();
    expect((await asOperator(admin, 'POST', `kyc/${kycId}/approve`, { version })).statusCode).toBe(403);

    expect((await asOperator(compliance, 'POST', `kyc/${kycId}/approve`, { version })).statusCode).toBe(200);
  });
});
