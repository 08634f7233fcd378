// Proves operator sign-in: password then authenticator code, each code once, the lock after wrong
// codes, and that deactivated and invited operators cannot sign in at all.
import { TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import { WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS } from '../auth';
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

  it(`locks the address for the operator for 15 minutes after ${TOTP_MAX_FAILURES} wrong codes, even for the right code`, async () => {
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
      .where('bucket', '=', WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS.bucket)
      .where('key', '=', `${operator.email} 10.0.0.1`)
      .executeTakeFirstOrThrow();
    const minutes = (counter.blocked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Another operator is not affected (the operator from another address: lockout.test.ts).
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

describe('operators who may not sign in', () => {
  it('a deactivated operator is refused with the answer of a wrong password, and the refusal is audited', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    await context.db.updateTable('operators').set({ status: 'deactivated' }).where('id', '=', operator.id).execute();
    const refused = await login({ email: operator.email, password: operator.password, totpCode: await codeAt(operator) }, '10.0.0.7');
    const wrong = await login({ email: 'nobody@bank.test', password: 'not-the-password', totpCode: '123456' }, '10.0.0.7');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(wrong.json());
    // Without a code too: the first step does not tell a deactivated account from a wrong password.
    expect((await login({ email: operator.email, password: operator.password }, '10.0.0.7')).json()).toEqual(wrong.json());
    expect(await auditActions(operator.id)).toContain('backoffice.signInRefused');
  });

  it('an invited operator has no password to sign in with, and is never shown an enrolment at sign-in', async () => {
    const operator = await createSignedInOperator(context, ['payments'], { enrolled: false });
    const first = await login({ email: operator.email, password: operator.password }, '10.0.0.8');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(first.json()).not.toHaveProperty('enrolment');
    const enrol = await context.app.inject({ method: 'POST', url: '/api/backoffice/login/enrol', payload: { email: operator.email, password: operator.password, totpCode: '123456' } });
    expect(enrol.statusCode).toBe(404);
  });
});
