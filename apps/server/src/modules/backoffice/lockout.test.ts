// Proves that operators' sign-in lockouts cannot be turned against an operator by strangers: wrong
// passwords, and wrong codes after the right password, lock the address they come from for that
// operator only, so the operator signs in from another; the slower caps per operator, reached by a
// guess spread over many addresses, refuse only addresses the operator has not signed in from
// lately; the operator is mailed once per lock, and told when the password was right.
import { TOTP_MAX_FAILURES } from '@bank/contracts/backoffice/sign-in';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKey, judges, OPERATOR_FAILURES_PER_EMAIL, OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS, OPERATOR_SIGN_IN_LOCKS, WRONG_OPERATOR_CODES_PER_EMAIL, WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS, type CounterPolicy } from '../auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { createSignedInOperator, totpCode, type TestOperator } from '../../test/operators';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

let lastAddress = 0;
/** An address of its own for each use, so that tests do not share counters. */
function address(): string {
  lastAddress += 1;
  return `10.77.${lastAddress >> 8}.${lastAddress & 255}`;
}

function login(payload: Record<string, unknown>, ip: string) {
  return context.app.inject({ method: 'POST', url: '/api/backoffice/login', payload, remoteAddress: ip });
}

/** A code of the step `offsetSteps` away from now (each step's code is accepted once). */
const codeAt = (operator: TestOperator, offsetSteps = 0) => totpCode(operator.totpSecret!, new Date(Date.now() + offsetSteps * 30_000));

async function signIn(operator: TestOperator, ip: string, offsetSteps = 0): Promise<number> {
  return (await login({ email: operator.email, password: operator.password, totpCode: await codeAt(operator, offsetSteps) }, ip)).statusCode;
}

async function preset(policy: CounterPolicy, key: string, hits: number): Promise<void> {
  await context.db
    .insertInto('auth_counters')
    .values({ bucket: policy.bucket, key, hits, window_ends_at: sql<Date>`now() + interval '10 minutes'`, blocked_until: null })
    .execute();
}

const ruleOf = (policy: CounterPolicy) => OPERATOR_SIGN_IN_LOCKS.find((rule) => rule.policy === policy)!;

async function lockMailsTo(operator: TestOperator) {
  await context.app.background.settled();
  return context.mails.filter((mail) => mail.to === operator.email && mail.subject.startsWith('Back-office sign-ins paused'));
}

describe('a lock per operator and address', () => {
  it('ten wrong passwords from one address lock that address for the operator, who signs in from another', async () => {
    const operator = await createSignedInOperator(context, ['payments']);
    const stranger = address();
    for (let attempt = 0; attempt < OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS.blockAfter; attempt += 1) {
      expect((await login({ email: operator.email, password: `not-the-password-${attempt}` }, stranger)).statusCode).toBe(400);
    }
    expect(await signIn(operator, stranger)).toBe(429);
    expect(await signIn(operator, address())).toBe(200);
    // Another operator signs in from the stranger's address.
    const other = await createSignedInOperator(context, ['payments']);
    expect(await signIn(other, stranger)).toBe(200);
    const mails = await lockMailsTo(operator);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`from the IP address ${stranger}, back-office sign-ins as you from that address are paused for 15 minutes`);
    expect(mails[0]!.text).toContain(`с IP-адреса ${stranger} вход в бэк-офис`);
  }, 30_000);

  it(`${TOTP_MAX_FAILURES} wrong codes from one address lock that address, not the operator elsewhere, and say the password is known`, async () => {
    const operator = await createSignedInOperator(context, ['admin']);
    const stranger = address();
    const right = await codeAt(operator);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < TOTP_MAX_FAILURES; attempt += 1) {
      expect((await login({ email: operator.email, password: operator.password, totpCode: wrong }, stranger)).statusCode).toBe(400);
    }
    expect((await login({ email: operator.email, password: operator.password, totpCode: right }, stranger)).statusCode).toBe(429);
    expect((await login({ email: operator.email, password: operator.password, totpCode: right }, address())).statusCode).toBe(200);
    const mails = await lockMailsTo(operator);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('These attempts had your password right but not the code');
  });

  it('counts a wrong code only after the right password', async () => {
    const operator = await createSignedInOperator(context, ['admin']);
    const stranger = address();
    await preset(WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS, counterKey(ruleOf(WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS), { account: operator.email, ip: stranger, knownDevice: null }), TOTP_MAX_FAILURES - 1);
    expect((await login({ email: operator.email, password: 'not-the-password', totpCode: '000000' }, stranger)).statusCode).toBe(400);
    expect(await signIn(operator, stranger)).toBe(200);
  });
});

describe('the caps per operator', () => {
  it('refuse addresses the operator has not used after a guess spread over many, never the operator’s own', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const office = address();
    expect(await signIn(operator, office)).toBe(200);
    await preset(OPERATOR_FAILURES_PER_EMAIL, operator.email, OPERATOR_FAILURES_PER_EMAIL.blockAfter - 2);
    expect((await login({ email: operator.email, password: 'not-the-password' }, address())).statusCode).toBe(400);
    expect((await login({ email: operator.email, password: 'still-not-it' }, address())).statusCode).toBe(400);
    expect(await signIn(operator, address(), 1)).toBe(429);
    expect(await signIn(operator, office, 1)).toBe(200);
    const mails = await lockMailsTo(operator);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('back-office sign-ins as you are paused for 60 minutes from every address you have not signed in from in the last 30 days');
  });

  it('cap wrong codes more tightly, and the operator still signs in from their own address', async () => {
    const operator = await createSignedInOperator(context, ['compliance']);
    const office = address();
    expect(await signIn(operator, office)).toBe(200);
    await preset(WRONG_OPERATOR_CODES_PER_EMAIL, operator.email, WRONG_OPERATOR_CODES_PER_EMAIL.blockAfter - 1);
    const right = await codeAt(operator, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await login({ email: operator.email, password: operator.password, totpCode: wrong }, address())).statusCode).toBe(400);
    expect((await login({ email: operator.email, password: operator.password, totpCode: right }, address())).statusCode).toBe(429);
    expect((await login({ email: operator.email, password: operator.password, totpCode: right }, office)).statusCode).toBe(200);
  });
});

describe('the rules', () => {
  it('keep every lock at least as long as its window, so the failure that reaches the limit is the one that starts it', () => {
    for (const rule of OPERATOR_SIGN_IN_LOCKS) expect(rule.policy.blockMs, rule.policy.bucket).toBeGreaterThanOrEqual(rule.policy.windowMs);
  });

  it('judge an address the operator has used by the counters of that address and operator only', () => {
    const known = { account: 'op@bank.test', ip: '10.1.1.1', knownDevice: '10.1.1.1' };
    const judged = OPERATOR_SIGN_IN_LOCKS.filter((rule) => judges(rule, known)).map((rule) => rule.policy);
    expect(judged).toEqual([OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS, WRONG_OPERATOR_CODES_PER_EMAIL_AND_ADDRESS]);
    expect(counterKey(ruleOf(OPERATOR_FAILURES_PER_EMAIL_AND_ADDRESS), known)).toBe('op@bank.test 10.1.1.1');
  });
});
