// Proves that operators own their credentials: an admin invites, the operator alone sets the
// password and enrols the authenticator through a single-use mailed link; deactivation holds at
// once; invitations, role changes, reactivations and authenticator resets wait for a second admin,
// always: the bank's only admin gets pending proposals that say they wait, until
// `npm run operator:create` makes a second admin who approves them. The development demo operators
// stay enrolled.
import { ENROLMENT_LINK_HOURS } from '@bank/contracts/backoffice/operators';
import type { OperatorRole } from '@bank/contracts/backoffice/roles';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, seedDemoData } from '../../seed';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { createSignedInOperator, totpCode, type TestOperator } from '../../test/operators';
import { createOperatorFromCommandLine } from './operator-create';
import { ENROLMENT_RATE_LIMIT } from './operator-routes';
import { ADMIN_INVITATION_LOCK_ID } from './operators';

const NEW_PASSWORD = 'Chosen-By-Me-2024';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ appUrl: 'https://bank.test' });
});
afterAll(() => context.close());

type Headers = Record<string, string>;

function call(method: 'GET' | 'POST', url: string, options: { headers?: Headers; payload?: unknown; ip?: string } = {}) {
  return context.app.inject({
    method,
    url: `/api/backoffice/${url}`,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? '10.1.0.1',
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

let emailCounter = 0;
function freshEmail(prefix = 'invitee'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${Date.now()}@bank.test`;
}

/** The token of the newest enrolment link mailed to an address. */
function mailedToken(email: string): string {
  const mail = [...context.mails].reverse().find((message) => message.to === email && message.text.includes('/backoffice/enrol/'));
  if (!mail) throw new Error(`No enrolment link was mailed to ${email}`);
  const match = /https:\/\/bank\.test\/backoffice\/enrol\/([A-Za-z0-9_-]+)/.exec(mail.text);
  return match![1]!;
}

/** Opens the link, reads the secret shown and completes the enrolment with a code from it. */
async function enrol(token: string, password = NEW_PASSWORD) {
  const info = await call('GET', `enrolment/${token}`);
  expect(info.statusCode, info.body).toBe(200);
  const { secret } = info.json().enrolment as { secret: string };
  const done = await call('POST', `enrolment/${token}`, { payload: { password, totpCode: await totpCode(secret) } });
  return { info: info.json(), done, secret };
}

async function invite(admin: TestOperator, payload: { email: string; name: string; roles: OperatorRole[]; reason?: string }) {
  return call('POST', 'operators', { headers: admin.headers, payload });
}

async function approve(checker: TestOperator, approvalId: string) {
  return call('POST', `approvals/${approvalId}/approve`, { headers: checker.headers, payload: {} });
}

/** Invites as the bank does once it has a second admin: proposed, then approved by another admin; answers the operator's id. */
async function inviteApproved(admin: TestOperator, payload: { email: string; name: string; roles: OperatorRole[] }): Promise<string> {
  const proposed = await invite(admin, { ...payload, reason: 'Joins the team' });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const approvalId = proposed.json().approval?.id as string | undefined;
  if (approvalId) expect((await approve(await createSignedInOperator(context, ['admin']), approvalId)).statusCode).toBe(200);
  const row = await context.db.selectFrom('operators').select('id').where('email', '=', payload.email.toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

async function operatorRow(id: string) {
  return context.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditActions(operatorId: string): Promise<string[]> {
  const rows = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', operatorId).orderBy('id').execute();
  return rows.map((row) => row.action);
}

function signIn(email: string, password: string, code?: string, ip = '10.1.0.9') {
  return call('POST', 'login', { payload: { email, password, ...(code ? { totpCode: code } : {}) }, ip });
}

/** A code from a secret for the next time step, so it is not the one just spent at enrolment. */
function nextCode(secret: string): Promise<string> {
  return totpCode(secret, new Date(Date.now() + 30_000));
}

describe('an invitation and its enrolment link', () => {
  it('invites without a password; the operator enrols through the mailed link and is signed in', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail();
    const operatorId = await inviteApproved(admin, { email, name: 'Nina Petrova', roles: ['compliance'] });
    const invitedList = await call('GET', 'operators', { headers: admin.headers });
    expect(invitedList.json().items.find((item: { id: string }) => item.id === operatorId)).toMatchObject({
      email,
      name: 'Nina Petrova',
      roles: ['compliance'],
      status: 'invited',
      enrolled: false,
      pendingApprovals: [],
    });
    expect((await operatorRow(operatorId)).password_hash).toBeNull();

    const token = mailedToken(email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const { info, done, secret } = await enrol(token);
    expect(info).toMatchObject({ email, name: 'Nina Petrova', roles: ['compliance'] });
    expect(info.enrolment.otpauthUrl).toContain(`secret=${secret}`);
    const hoursValid = (new Date(info.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(ENROLMENT_LINK_HOURS - 0.1);
    expect(hoursValid).toBeLessThanOrEqual(ENROLMENT_LINK_HOURS);

    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().operator).toEqual({ id: operatorId, email, name: 'Nina Petrova', roles: ['compliance'] });
    const me = await call('GET', 'me', { headers: { authorization: `Bearer ${done.json().operatorToken}` } });
    expect(me.json().id).toBe(operatorId);
    expect(await auditActions(operatorId)).toEqual(expect.arrayContaining(['operator.invited', 'operator.enrolled']));

    // The chosen password and the enrolled authenticator sign in from now on.
    expect((await signIn(email, NEW_PASSWORD, await nextCode(secret))).statusCode).toBe(200);

    // The admin saw neither the link, nor the secret, nor any password in any answer.
    const list = await call('GET', 'operators', { headers: admin.headers });
    const row = list.json().items.find((item: { id: string }) => item.id === operatorId);
    expect(row).toMatchObject({ status: 'active', enrolled: true });
    for (const answer of [invitedList.body, list.body]) {
      expect(answer).not.toContain(token);
      expect(answer).not.toContain(secret);
      expect(answer).not.toMatch(/password/i);
    }
  });

  it('works once: a spent link neither shows the secret nor enrols again', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail();
    await inviteApproved(admin, { email, name: 'Once Only', roles: ['payments'] });
    const token = mailedToken(email);
    expect((await enrol(token)).done.statusCode).toBe(200);
    const again = await call('GET', `enrolment/${token}`);
    expect(again.statusCode).toBe(404);
    const completeAgain = await call('POST', `enrolment/${token}`, { payload: { password: 'Another-Pass-2024', totpCode: '123456' } });
    expect(completeAgain.statusCode).toBe(404);
  });

  it(`is refused after ${ENROLMENT_LINK_HOURS} hours, and an unknown token looks the same`, async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail();
    const invitedId = await inviteApproved(admin, { email, name: 'Late Comer', roles: ['payments'] });
    const token = mailedToken(email);
    const info = await call('GET', `enrolment/${token}`);
    const code = await totpCode(info.json().enrolment.secret);
    await context.db
      .updateTable('operator_enrolment_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('operator_id', '=', invitedId)
      .execute();
    const expired = await call('GET', `enrolment/${token}`);
    const unknown = await call('GET', `enrolment/${'A'.repeat(43)}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
    expect((await call('POST', `enrolment/${token}`, { payload: { password: NEW_PASSWORD, totpCode: code } })).statusCode).toBe(404);
    expect((await operatorRow(invitedId)).status).toBe('invited');
  });

  it('a wrong code leaves the link usable; a second invitation voids the first link', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail();
    await inviteApproved(admin, { email, name: 'Twice Invited', roles: ['payments'] });
    const first = mailedToken(email);
    const info = await call('GET', `enrolment/${first}`);
    const right = await totpCode(info.json().enrolment.secret);
    const wrong = await call('POST', `enrolment/${first}`, { payload: { password: NEW_PASSWORD, totpCode: right === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ totpCode: 'validation.totpCode.wrong' });
    const weak = await call('POST', `enrolment/${first}`, { payload: { password: 'short', totpCode: right } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toHaveProperty('password');
    expect((await call('GET', `enrolment/${first}`)).statusCode).toBe(200);

    // Inviting the same person again (same roles) grants nothing new: it mails a new link at once and voids the old one.
    const again = await invite(admin, { email, name: 'Twice Invited', roles: ['payments'] });
    expect(again.statusCode, again.body).toBe(200);
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    expect((await call('GET', `enrolment/${first}`)).statusCode).toBe(404);
    expect((await enrol(second)).done.statusCode).toBe(200);
    // Once enrolled, the e-mail is taken for good.
    expect((await invite(admin, { email, name: 'Twice Invited', roles: ['payments'] })).statusCode).toBe(409);
  });

  it('the public link calls are rate-limited per address', async () => {
    const unknown = `enrolment/${'B'.repeat(43)}`;
    const answers: number[] = [];
    for (let attempt = 0; attempt <= ENROLMENT_RATE_LIMIT.max; attempt += 1) answers.push((await call('GET', unknown, { ip: '10.1.9.9' })).statusCode);
    expect(answers.slice(0, ENROLMENT_RATE_LIMIT.max).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await call('POST', unknown, { ip: '10.1.9.9', payload: { password: NEW_PASSWORD, totpCode: '123456' } })).statusCode).toBe(404);
    expect((await call('GET', unknown, { ip: '10.1.9.10' })).statusCode).toBe(404);
  });

  it('once a second admin exists, inviting even a non-admin is a proposal that another admin approves', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    await createSignedInOperator(context, ['admin']);
    const email = freshEmail('second-identity');
    const noReason = await invite(admin, { email, name: 'Second Identity', roles: ['payments'] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'validation.required' });
    const proposed = await invite(admin, { email, name: 'Second Identity', roles: ['payments'], reason: 'Payments desk' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ operator: null, approval: { kind: 'operatorInvite', status: 'Pending', payload: { email, roles: ['payments'] } }, waitsForSecondAdmin: false });
    expect(await context.db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect(context.mails.some((mail) => mail.to === email)).toBe(false);
    // The inviter cannot approve their own invitation; another admin can.
    expect((await approve(admin, proposed.json().approval.id)).statusCode).toBe(403);
    expect((await approve(await createSignedInOperator(context, ['admin']), proposed.json().approval.id)).statusCode).toBe(200);
    expect((await context.db.selectFrom('operators').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('invited');
    expect(mailedToken(email)).toBeTruthy();
  });

  it('refuses an e-mail already taken, and an invitation by a non-admin', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const existing = await createSignedInOperator(context, ['payments']);
    const taken = await invite(admin, { email: existing.email.toUpperCase(), name: 'Copy', roles: ['compliance'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: 'validation.email.taken' });
    const compliance = await createSignedInOperator(context, ['compliance']);
    expect((await invite(compliance, { email: freshEmail(), name: 'Nobody', roles: ['payments'] })).statusCode).toBe(403);
  });
});

describe('deactivation', () => {
  it('ends the sessions at once, refuses sign-in like a wrong password, and is audited', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['payments']);
    expect((await call('GET', 'me', { headers: operator.headers })).statusCode).toBe(200);
    const deactivated = await call('POST', `operators/${operator.id}/deactivate`, { headers: admin.headers, payload: { reason: 'Left the bank' } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id: operator.id, status: 'deactivated' });
    expect((await call('GET', 'me', { headers: operator.headers })).statusCode).toBe(401);

    const code = await totpCode(operator.totpSecret!);
    const refused = await signIn(operator.email, operator.password, code, '10.1.0.21');
    const wrong = await signIn('nobody@bank.test', 'Wrong-Password-1', '123456', '10.1.0.21');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(wrong.json());
    const audit = await context.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'operator.deactivated')
      .where('subject_id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, before: { status: 'active' }, after: { status: 'deactivated', reason: 'Left the bank', sessionsEnded: 1 } });
    expect(await auditActions(operator.id)).toContain('backoffice.signInRefused');
  });

  it('a session that is not revoked still opens nothing once its operator is deactivated', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    await context.db.updateTable('operators').set({ status: 'deactivated' }).where('id', '=', operator.id).execute();
    const answer = await call('GET', 'me', { headers: operator.headers });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('Invalid authorization data');
  });

  it('voids an invited operator’s link, and refuses an admin deactivating themselves', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail();
    const invitedId = await inviteApproved(admin, { email, name: 'Never Came', roles: ['payments'] });
    const token = mailedToken(email);
    expect((await call('POST', `operators/${invitedId}/deactivate`, { headers: admin.headers, payload: { reason: 'Did not join' } })).statusCode).toBe(200);
    expect((await call('GET', `enrolment/${token}`)).statusCode).toBe(404);
    const self = await call('POST', `operators/${admin.id}/deactivate`, { headers: admin.headers, payload: { reason: 'Oops' } });
    expect(self.statusCode).toBe(409);
    expect((await call('GET', 'me', { headers: admin.headers })).statusCode).toBe(200);
  });
});

describe('changes that wait for a second admin', () => {
  it('a role change is a proposal, applied only when another admin approves it', async () => {
    const maker = await createSignedInOperator(context, ['admin']);
    const checker = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['compliance']);
    const proposed = await call('POST', `operators/${operator.id}/roles`, { headers: maker.headers, payload: { roles: ['compliance', 'payments'], reason: 'Covers payments in July' } });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const approval = proposed.json().approval;
    expect(approval).toMatchObject({ kind: 'operatorRoles', status: 'Pending', maker: { id: maker.id } });

    // Not applied yet: the operator's roles and calls are as before, and the list shows what waits.
    expect((await call('GET', 'me', { headers: operator.headers })).json().roles).toEqual(['compliance']);
    expect((await call('GET', 'transactions', { headers: operator.headers })).statusCode).toBe(403);
    const list = await call('GET', 'operators', { headers: maker.headers });
    expect(list.json().items.find((item: { id: string }) => item.id === operator.id)).toMatchObject({ roles: ['compliance'], pendingApprovals: [approval.id] });
    // The maker cannot approve their own proposal, and a second proposal about the same waits in vain.
    expect((await approve(maker, approval.id)).statusCode).toBe(403);
    expect((await call('POST', `operators/${operator.id}/roles`, { headers: checker.headers, payload: { roles: ['admin'], reason: 'Other' } })).statusCode).toBe(409);

    const approved = await approve(checker, approval.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', checker: { id: checker.id } });
    expect((await call('GET', 'me', { headers: operator.headers })).json().roles).toEqual(['compliance', 'payments']);
    expect((await call('GET', 'transactions', { headers: operator.headers })).statusCode).toBe(200);
    const audit = await context.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after'])
      .where('action', '=', 'operator.rolesChanged')
      .where('subject_id', '=', operator.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: checker.id, before: { roles: ['compliance'] }, after: { roles: ['compliance', 'payments'], proposedBy: maker.id } });
  });

  it('after an approved authenticator reset the old password no longer signs in; the new link sets a new one', async () => {
    const maker = await createSignedInOperator(context, ['admin']);
    const checker = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['payments']);
    const proposed = await call('POST', `operators/${operator.id}/reset-authenticator`, { headers: maker.headers, payload: { reason: 'Lost phone' } });
    expect(proposed.statusCode, proposed.body).toBe(200);
    // Until approved, nothing changes.
    expect((await call('GET', 'me', { headers: operator.headers })).statusCode).toBe(200);
    expect((await signIn(operator.email, operator.password, undefined, '10.1.0.31')).json()).toEqual({ totpRequired: true });

    expect((await approve(checker, proposed.json().approval.id)).statusCode).toBe(200);
    expect((await call('GET', 'me', { headers: operator.headers })).statusCode).toBe(401);
    const oldPassword = await signIn(operator.email, operator.password, undefined, '10.1.0.31');
    expect(oldPassword.statusCode).toBe(400);
    expect(oldPassword.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await operatorRow(operator.id)).toMatchObject({ status: 'invited', password_hash: null, totp_secret: null });
    expect(await auditActions(operator.id)).toContain('operator.authenticatorReset');

    const { done, secret } = await enrol(mailedToken(operator.email), 'Brand-New-Pass-2024');
    expect(done.statusCode, done.body).toBe(200);
    expect(secret).not.toBe(operator.totpSecret);
    expect((await signIn(operator.email, 'Brand-New-Pass-2024', await nextCode(secret), '10.1.0.32')).statusCode).toBe(200);
  });

  it('a deactivated operator comes back only when a second admin approves, with their own credentials', async () => {
    const maker = await createSignedInOperator(context, ['admin']);
    const checker = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['compliance']);
    await call('POST', `operators/${operator.id}/deactivate`, { headers: maker.headers, payload: { reason: 'On leave' } });
    const proposed = await call('POST', `operators/${operator.id}/reactivate`, { headers: maker.headers, payload: { reason: 'Back from leave' } });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await operatorRow(operator.id)).status).toBe('deactivated');
    expect((await approve(checker, proposed.json().approval.id)).statusCode).toBe(200);
    expect((await operatorRow(operator.id)).status).toBe('active');
    const code = await totpCode(operator.totpSecret!);
    expect((await signIn(operator.email, operator.password, code, '10.1.0.41')).statusCode).toBe(200);
    // Only a deactivated operator can be reactivated.
    expect((await call('POST', `operators/${operator.id}/reactivate`, { headers: maker.headers, payload: { reason: 'Again' } })).statusCode).toBe(409);
  });

  it('an approval re-checks the operator: a role change for an operator deactivated meanwhile is refused and stays pending', async () => {
    const maker = await createSignedInOperator(context, ['admin']);
    const checker = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['compliance']);
    const proposed = await call('POST', `operators/${operator.id}/roles`, { headers: maker.headers, payload: { roles: ['admin'], reason: 'Promotion' } });
    await call('POST', `operators/${operator.id}/deactivate`, { headers: checker.headers, payload: { reason: 'Suspicious activity' } });
    const refused = await approve(checker, proposed.json().approval.id);
    expect(refused.statusCode).toBe(409);
    expect((await operatorRow(operator.id)).roles).toEqual(['compliance']);
  });
});

describe('an operator’s own password', () => {
  it('a wrong current password is a field error; the right one changes it and ends the other sessions', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const otherSession = await signIn(operator.email, operator.password, await totpCode(operator.totpSecret!), '10.1.0.51');
    const otherHeaders = { authorization: `Bearer ${otherSession.json().operatorToken}` };
    const wrong = await call('POST', 'password', { headers: operator.headers, payload: { currentPassword: 'not-it', newPassword: 'Fresh-Password-2024' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'validation.password.wrongCurrent' });
    const counter = await context.db.selectFrom('auth_counters').select('hits').where('bucket', '=', 'operator-password-change-failures').where('key', '=', operator.id).executeTakeFirst();
    expect(counter?.hits).toBe(1);

    const changed = await call('POST', 'password', { headers: operator.headers, payload: { currentPassword: operator.password, newPassword: 'Fresh-Password-2024' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('GET', 'me', { headers: operator.headers })).statusCode).toBe(200);
    expect((await call('GET', 'me', { headers: otherHeaders })).statusCode).toBe(401);
    expect((await signIn(operator.email, operator.password, undefined, '10.1.0.52')).statusCode).toBe(400);
    expect((await signIn(operator.email, 'Fresh-Password-2024', undefined, '10.1.0.52')).json()).toEqual({ totpRequired: true });
    expect(context.mails.some((mail) => mail.to === operator.email && mail.subject.includes('password was changed'))).toBe(true);
  });
});

describe('a bank with one admin', () => {
  // A bank of its own: what holds depends on how many admins there are.
  let bank: TestContext;
  beforeAll(async () => {
    bank = await createTestContext({ appUrl: 'https://bank.test' });
  });
  afterAll(() => bank.close());

  const post = (url: string, headers: Headers, payload: unknown) =>
    bank.app.inject({ method: 'POST', url: `/api/backoffice/${url}`, headers, payload: payload as Record<string, unknown> });
  const get = (url: string, headers: Headers) => bank.app.inject({ method: 'GET', url: `/api/backoffice/${url}`, headers });
  const tokenMailedTo = (email: string) => /\/backoffice\/enrol\/([A-Za-z0-9_-]+)/.exec([...bank.mails].reverse().find((mail) => mail.to === email && mail.text.includes('/enrol/'))!.text)![1]!;
  async function enrolIn(email: string): Promise<Headers> {
    const token = tokenMailedTo(email);
    const info = await bank.app.inject({ method: 'GET', url: `/api/backoffice/enrolment/${token}` });
    const done = await post(`enrolment/${token}`, {}, { password: NEW_PASSWORD, totpCode: await totpCode(info.json().enrolment.secret) });
    expect(done.statusCode, done.body).toBe(200);
    return { authorization: `Bearer ${done.json().operatorToken}` };
  }
  const rowOf = (id: string) => bank.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const byEmail = (email: string) => bank.db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();

  it('every act of its only admin waits for a second admin, which operator:create makes; that admin approves and the acts hold', async () => {
    const first = await createSignedInOperator(bank, ['admin']);
    const watcher = await createSignedInOperator(bank, ['compliance']);
    const clerk = await createSignedInOperator(bank, ['payments']);
    const leaver = await createSignedInOperator(bank, ['payments']);
    expect((await post(`operators/${leaver.id}/deactivate`, first.headers, { reason: 'Left' })).statusCode).toBe(200);
    expect((await get('operators', first.headers)).json()).toMatchObject({ waitsForSecondAdmin: true });

    // An invitation, a non-admin's too, is a proposal with a reason; nobody is created, nothing is mailed.
    const invitedEmail = freshEmail('alone');
    const noReason = await post('operators', first.headers, { email: invitedEmail, name: 'Invited Alone', roles: ['payments'] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual({ reason: 'validation.required' });
    const invitation = await post('operators', first.headers, { email: invitedEmail, name: 'Invited Alone', roles: ['payments'], reason: 'Payments desk' });
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect(invitation.json()).toMatchObject({ operator: null, approval: { kind: 'operatorInvite', status: 'Pending', payload: { email: invitedEmail } }, waitsForSecondAdmin: true });
    // Role changes, reactivations and authenticator resets wait the same way.
    const roles = await post(`operators/${watcher.id}/roles`, first.headers, { roles: ['compliance', 'payments'], reason: 'Covers payments' });
    const reset = await post(`operators/${clerk.id}/reset-authenticator`, first.headers, { reason: 'Lost phone' });
    const reactivation = await post(`operators/${leaver.id}/reactivate`, first.headers, { reason: 'Came back' });
    for (const answer of [roles, reset, reactivation]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ approval: { status: 'Pending', maker: { id: first.id } }, waitsForSecondAdmin: true });
    }
    const proposals = [invitation, roles, reset, reactivation].map((answer) => answer.json().approval.id as string);

    // The only admin cannot approve their own proposals, and nothing held.
    for (const approvalId of proposals) expect((await post(`approvals/${approvalId}/approve`, first.headers, {})).statusCode).toBe(403);
    expect(await byEmail(invitedEmail)).toBeUndefined();
    expect(bank.mails.some((mail) => mail.to === invitedEmail)).toBe(false);
    expect(await bank.db.selectFrom('audit_log').select('id').where('action', 'in', ['operator.invited', 'operator.rolesChanged', 'operator.authenticatorReset', 'operator.reactivated']).execute()).toEqual([]);
    expect(await rowOf(watcher.id)).toMatchObject({ roles: ['compliance'] });
    expect(await rowOf(clerk.id)).toMatchObject({ status: 'active' });
    expect(await rowOf(leaver.id)).toMatchObject({ status: 'deactivated' });

    // The people who run the servers make a second admin, with the function the command runs.
    const mailsBefore = bank.mails.length;
    const secondEmail = freshEmail('second-admin');
    const created = await createOperatorFromCommandLine(bank.deps, { email: secondEmail, name: 'Second Admin', roles: ['admin'] });
    const notices = bank.mails.slice(mailsBefore).filter((mail) => mail.to !== secondEmail);
    expect(notices.map((mail) => mail.to).sort()).toEqual([first.email, clerk.email, watcher.email].sort());
    for (const notice of notices) expect(notice.text).toContain(secondEmail);
    // Invited until they enrol: the proposals still wait.
    expect((await get('operators', first.headers)).json()).toMatchObject({ waitsForSecondAdmin: true });
    const secondHeaders = await enrolIn(secondEmail);
    expect((await rowOf(created.operatorId)).status).toBe('active');
    expect((await get('operators', first.headers)).json()).toMatchObject({ waitsForSecondAdmin: false });

    // The second admin approves: the invitation holds and its link is mailed now; the other acts hold.
    for (const approvalId of proposals) {
      const approved = await post(`approvals/${approvalId}/approve`, secondHeaders, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'Approved', checker: { id: created.operatorId } });
    }
    expect(await byEmail(invitedEmail)).toMatchObject({ status: 'invited', roles: ['payments'] });
    expect(tokenMailedTo(invitedEmail)).toBeTruthy();
    expect(await rowOf(watcher.id)).toMatchObject({ roles: ['compliance', 'payments'] });
    expect(await rowOf(clerk.id)).toMatchObject({ status: 'invited', password_hash: null, totp_secret: null });
    expect(await rowOf(leaver.id)).toMatchObject({ status: 'active' });

    // Proposed now, an act no longer waits for a second admin to exist; once that admin is
    // deactivated (which holds at once), the first admin's acts wait again.
    const next = await post('operators', first.headers, { email: freshEmail('next'), name: 'Next One', roles: ['compliance'], reason: 'Compliance desk' });
    expect(next.json()).toMatchObject({ operator: null, approval: { status: 'Pending' }, waitsForSecondAdmin: false });
    expect((await post(`operators/${created.operatorId}/deactivate`, first.headers, { reason: 'Test over' })).statusCode).toBe(200);
    const alone = await post(`operators/${watcher.id}/roles`, first.headers, { roles: ['compliance'], reason: 'Back to compliance' });
    expect(alone.json()).toMatchObject({ approval: { status: 'Pending' }, waitsForSecondAdmin: true });
  });
});

describe.runIf(onPostgres)('locks on PostgreSQL', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Answers 'blocked' once a session of this database waits on a lock, or 'finished' if the call ended first. */
  async function blockedOrFinished(call: { done: boolean }): Promise<'blocked' | 'finished'> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      if (call.done) return 'finished';
      const waiting = await sql<{ total: string }>`select count(*) as total from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(context.db);
      if (Number(waiting.rows[0]!.total) > 0) return 'blocked';
      await sleep(20);
    }
    throw new Error('neither blocked nor finished');
  }

  function tracked<T>(promise: Promise<T>): { done: boolean; promise: Promise<T> } {
    const state = { done: false, promise };
    state.promise = promise.finally(() => {
      state.done = true;
    });
    return state;
  }

  /** Holds the admin lock until released, as a concurrent act on admins would. */
  async function holdAdminLock(): Promise<{ release: () => Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => (taken = resolve));
    const holder = context.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ADMIN_INVITATION_LOCK_ID})`.execute(trx);
      taken();
      await released;
    });
    await lockTaken;
    return {
      release: async () => {
        release();
        await holder;
      },
    };
  }

  it('deactivation, an approved role change and an approved authenticator reset wait for the admin lock', async () => {
    const maker = await createSignedInOperator(context, ['admin']);
    const checker = await createSignedInOperator(context, ['admin']);
    const [toDeactivate, toDemote, toReset] = await Promise.all([1, 2, 3].map(() => createSignedInOperator(context, ['admin'])));
    const demotion = await call('POST', `operators/${toDemote!.id}/roles`, { headers: maker.headers, payload: { roles: ['payments'], reason: 'Moves desk' } });
    const reset = await call('POST', `operators/${toReset!.id}/reset-authenticator`, { headers: maker.headers, payload: { reason: 'Lost phone' } });
    const acts = [
      () => call('POST', `operators/${toDeactivate!.id}/deactivate`, { headers: maker.headers, payload: { reason: 'Left' } }),
      () => approve(checker, demotion.json().approval.id as string),
      () => approve(checker, reset.json().approval.id as string),
    ];
    for (const act of acts) {
      const lock = await holdAdminLock();
      const pending = tracked(act());
      const state = await blockedOrFinished(pending);
      await lock.release();
      expect(state).toBe('blocked');
      expect((await pending.promise).statusCode).toBe(200);
    }
  });

  it('enrolment locks the operator before the link, in the order deactivation does', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const email = freshEmail('lock-order');
    const operatorId = await inviteApproved(admin, { email, name: 'Lock Order', roles: ['payments'] });
    const token = mailedToken(email);
    const info = await call('GET', `enrolment/${token}`);
    const code = await totpCode(info.json().enrolment.secret);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const rowTaken = new Promise<void>((resolve) => (taken = resolve));
    let linkFree: boolean | undefined;
    // Holds the operator's row as a deactivation does, then asks for the link as it would.
    const holder = context.db.transaction().execute(async (trx) => {
      await trx.selectFrom('operators').select('id').where('id', '=', operatorId).forUpdate().execute();
      taken();
      await released;
      try {
        await sql`select id from operator_enrolment_links where operator_id = ${operatorId} for update nowait`.execute(trx);
        linkFree = true;
      } catch {
        linkFree = false;
      }
    });
    await rowTaken;
    const completion = tracked(call('POST', `enrolment/${token}`, { payload: { password: NEW_PASSWORD, totpCode: code } }));
    expect(await blockedOrFinished(completion)).toBe('blocked');
    release();
    await holder;
    // The completion waiting for the operator holds no link: a deactivation could go on.
    expect(linkFree).toBe(true);
    expect((await completion.promise).statusCode).toBe(200);
  });
});

describe('the development demo operators', () => {
  it('are seeded active and enrolled, and sign in with the README’s password and secrets', async () => {
    const demo = await createTestContext();
    try {
      await seedDemoData(demo.deps);
      for (const [index, operator] of DEMO_OPERATORS.entries()) {
        const answer = await demo.app.inject({
          method: 'POST',
          url: '/api/backoffice/login',
          payload: { email: operator.email, password: DEMO_OPERATOR_PASSWORD, totpCode: await totpCode(operator.totpSecret) },
          remoteAddress: `10.2.0.${index + 1}`,
        });
        expect(answer.statusCode, `${operator.email}: ${answer.body}`).toBe(200);
        expect(answer.json().operator.roles).toEqual([...operator.roles]);
      }
      const statuses = await demo.db.selectFrom('operators').select('status').execute();
      expect(statuses.map((row) => row.status)).toEqual(['active', 'active', 'active']);
    } finally {
      await demo.close();
    }
  });
});
