import { TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, totpCode, type TestOperator } from '../../test/operators';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

function login(payload: Record<string, unknown>, ip = '10.0.0.1') {
  return context.app.inject({ method: 'POST', url: '/api/backoffice/login', payload, remoteAddress: ip });
}

/** A code of the step `offsetSteps` away from now, as an authenticator whose clock is that far off shows it. */
function codeAt(operator: TestOperator, offsetSteps = 0): Promise<string> {
  return totpCode(operator.totpSecret!, new Date(Date.now() + offsetSteps * 30_000));
}

async function auditActions(operatorId: string): Promise<string[]> {
  const rows = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', operatorId).orderBy('id').execute();
  return rows.map((row) => row.action);
}

describe('operator sign-in with an authenticator code', () => {
  it('asks for the code after the password, then opens a session with the operator and its roles', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const first = await login({ email: operator.email, password: operator.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totpRequired: true });
    const signedIn = await login({ email: operator.email.toUpperCase(), password: operator.password, totpCode: await codeAt(operator) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json();
    expect(body.operator).toEqual({ id: operator.id, email: operator.email, name: 'Operator compliance', roles: ['compliance'] });
    const me = await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: { authorization: `Bearer ${body.operatorToken}` } });
    expect(me.json().id).toBe(operator.id);
    expect(await auditActions(operator.id)).toContain('backoffice.signIn');
  });

  it('refuses a wrong password the same way as an unknown e-mail', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const wrong = await login({ email: operator.email, password: 'not-the-password', totpCode: await codeAt(operator) });
    const unknown = await login({ email: 'nobody@bank.test', password: 'not-the-password', totpCode: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('accepts a code one step off either way, and refuses one two steps off', async () => {
    const early = await createSignedInOperator(context, ['payments']);
    expect((await login({ email: early.email, password: early.password, totpCode: await codeAt(early, -1) })).statusCode).toBe(200);
    const late = await createSignedInOperator(context, ['payments']);
    expect((await login({ email: late.email, password: late.password, totpCode: await codeAt(late, 1) })).statusCode).toBe(200);
    const far = await createSignedInOperator(context, ['payments']);
    const refused = await login({ email: far.email, password: far.password, totpCode: await codeAt(far, -3) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ totpCode: 'validation.totpCode.wrong' });
  });

  it('accepts each code once: the same code again is refused, as is an older one', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const code = await codeAt(operator);
    expect((await login({ email: operator.email, password: operator.password, totpCode: code })).statusCode).toBe(200);
    const again = await login({ email: operator.email, password: operator.password, totpCode: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ totpCode: 'validation.totpCode.wrong' });
    expect((await login({ email: operator.email, password: operator.password, totpCode: await codeAt(operator, -1) })).statusCode).toBe(400);
    expect(await auditActions(operator.id)).toContain('backoffice.codeRefused');
  });

  it(`locks the operator for 15 minutes after ${TOTP_MAX_FAILURES} wrong codes, even for the right code`, async () => {
    const operator = await createSignedInOperator(context, ['admin']);
    const right = await codeAt(operator);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < TOTP_MAX_FAILURES; attempt += 1) {
      expect((await login({ email: operator.email, password: operator.password, totpCode: wrongCode })).statusCode).toBe(400);
    }
    const locked = await login({ email: operator.email, password: operator.password, totpCode: right });
    expect(locked.statusCode).toBe(429);
    const counter = await context.db
      .selectFrom('auth_counters')
      .select('blocked_until')
      .where('bucket', '=', 'operator-totp-failures')
      .where('key', '=', operator.id)
      .executeTakeFirstOrThrow();
    const minutes = (counter.blocked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Another operator is not affected.
    const other = await createSignedInOperator(context, ['admin']);
    expect((await login({ email: other.email, password: other.password, totpCode: await codeAt(other) })).statusCode).toBe(200);
  });

  it('refuses malformed codes as a field error', async () => {
    const operator = await createSignedInOperator(context, ['admin']);
    const answer = await login({ email: operator.email, password: operator.password, totpCode: '12ab56' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ totpCode: 'validation.totpCode.invalid' });
  });
});

describe('enrolment of a new operator', () => {
  it('shows a secret until a code from it is confirmed, then signs in with codes only', async () => {
    const operator = await createSignedInOperator(context, ['payments'], { enrolled: false });
    const first = await login({ email: operator.email, password: operator.password });
    const { enrolment } = first.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toBe(
      `otpauth://totp/Meridian%20Bank%20Back%20Office:${encodeURIComponent(operator.email)}?secret=${enrolment.secret}&issuer=Meridian%20Bank%20Back%20Office`,
    );
    // Shown again until confirmed, the same secret (a scanned code stays right); no session yet.
    expect((await login({ email: operator.email, password: operator.password, totpCode: '123456' })).json()).toEqual({ enrolment });
    const secretRow = await context.db.selectFrom('operators').select(['totp_pending_secret', 'totp_secret']).where('id', '=', operator.id).executeTakeFirstOrThrow();
    expect(secretRow.totp_secret).toBeNull();
    expect(secretRow.totp_pending_secret).not.toContain(enrolment.secret);

    const wrong = await context.app.inject({ method: 'POST', url: '/api/backoffice/login/enrol', payload: { email: operator.email, password: operator.password, totpCode: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const code = await totpCode(enrolment.secret);
    const enrolled = await context.app.inject({ method: 'POST', url: '/api/backoffice/login/enrol', payload: { email: operator.email, password: operator.password, totpCode: code } });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().operator.id).toBe(operator.id);
    expect(await auditActions(operator.id)).toContain('backoffice.enrolled');

    // Enrolled: the code that confirmed it is spent, and enrolling again is refused.
    expect((await login({ email: operator.email, password: operator.password })).json()).toEqual({ totpRequired: true });
    expect((await login({ email: operator.email, password: operator.password, totpCode: code })).statusCode).toBe(400);
    const again = await context.app.inject({ method: 'POST', url: '/api/backoffice/login/enrol', payload: { email: operator.email, password: operator.password, totpCode: code } });
    expect(again.statusCode).toBe(409);
  });

  it('an admin resets an authenticator: the sessions end and the operator enrols again', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const operator = await createSignedInOperator(context, ['compliance']);
    const reset = await context.app.inject({ method: 'POST', url: `/api/backoffice/operators/${operator.id}/reset-totp`, headers: admin.headers });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ id: operator.id, enrolled: false });
    expect((await context.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: operator.headers })).statusCode).toBe(401);
    expect((await login({ email: operator.email, password: operator.password })).json().enrolment.secret).not.toBe(operator.totpSecret);
    const audit = await context.db.selectFrom('audit_log').select(['actor_id', 'before', 'after']).where('action', '=', 'operator.totpReset').where('subject_id', '=', operator.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, before: { enrolled: true }, after: { enrolled: false } });
  });

  it('an admin creates an operator, who enrols at the first sign-in', async () => {
    const admin = await createSignedInOperator(context, ['admin']);
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/operators',
      headers: admin.headers,
      payload: { email: 'New.Operator@bank.test', name: 'Nina Petrova', password: 'StrongPass2024!', roles: ['payments'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ email: 'new.operator@bank.test', name: 'Nina Petrova', roles: ['payments'], enrolled: false });
    expect((await login({ email: 'new.operator@bank.test', password: 'StrongPass2024!' })).json().enrolment).toBeDefined();
    const duplicate = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/operators',
      headers: admin.headers,
      payload: { email: 'new.operator@bank.test', name: 'Again', password: 'StrongPass2024!', roles: ['payments'] },
    });
    expect(duplicate.statusCode).toBe(409);
    const list = await context.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: admin.headers });
    expect(list.json().items.map((item: { email: string }) => item.email)).toContain('new.operator@bank.test');
    const audit = await context.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'operator.created').where('subject_id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: admin.id, after: { email: 'new.operator@bank.test', roles: ['payments'] } });
  });
});
