// Proves two-factor sign-in with an authenticator app for clients (issue 13, server side): RFC 6238
// codes against the RFC's own test vectors; turning it on confirms the secret with a code and
// answers ten recovery codes once; sign-in then mails nothing and takes the app's code, each code
// once, or a recovery code, each once; wrong codes count towards the same lockout as e-mailed ones;
// turning it off needs the password and a code.
import { RECOVERY_CODE_PATTERN } from '@bank/contracts/auth/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { totpCode } from '../../test/operators';
import { FAILED_SIGN_INS_PER_EMAIL, recordHit } from './throttle';
import { acceptedStep } from './totp';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const post = (url: string, payload: unknown, client?: TestClient) =>
  context.app.inject({ method: 'POST', url, payload: payload as object, headers: client?.headers ?? {} });
const inSteps = (steps: number) => new Date(Date.now() + steps * 30_000);

/** Turns the app on for a client: answers its secret and recovery codes. */
async function enable(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/user/two-factor/setup', {}, client);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(otpauthUrl).toContain('issuer=Meridian%20Bank');
  const enabled = await post('/api/user/two-factor/enable', { password: TEST_PASSWORD, code: await totpCode(secret) }, client);
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const signIn = (client: TestClient, code: string) => post('/api/login', { email: client.email, password: TEST_PASSWORD, emailCode: code });

/** Step 1 of a sign-in without the app, and the code it mailed. */
async function codeByMail(client: TestClient): Promise<string> {
  expect((await post('/api/login/list', { email: client.email, password: TEST_PASSWORD })).json()).toMatchObject({ codeSent: true });
  const mail = context.mails.filter((message) => message.to === client.email).at(-1)!;
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

describe('authenticator codes', () => {
  it('match the test vectors of RFC 6238 (SHA-1, the last six of its eight digits)', async () => {
    // The RFC's key is the ASCII "12345678901234567890".
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    for (const [time, code] of [[59, '287082'], [1111111109, '081804'], [1234567890, '005924'], [2000000000, '279037']] as const) {
      expect(await acceptedStep(secret, code, null, time), String(time)).toBe(Math.floor(time / 30));
    }
    expect(await acceptedStep(secret, '287083', null, 59)).toBeNull();
  });
});

describe('two-factor sign-in with an authenticator app', () => {
  it('is turned on with a confirmed secret and shows ten recovery codes once', async () => {
    const client = await createSignedInClient(context);
    const before = await context.app.inject({ method: 'GET', url: '/api/user/me', headers: client.headers });
    expect(before.json().verificationsList.twoFaVerifyEnabled).toBe(false);
    const setup = await post('/api/user/two-factor/setup', {}, client);
    const { secret } = setup.json<{ secret: string }>();
    // A wrong first code holds nothing, nor does the right one without the password.
    expect((await post('/api/user/two-factor/enable', { password: TEST_PASSWORD, code: '000000' }, client)).statusCode).toBe(400);
    expect((await post('/api/user/two-factor/enable', { password: 'Wrong2024pass', code: await totpCode(secret) }, client)).statusCode).toBe(400);
    expect((await post('/api/user/two-factor/enable', { code: await totpCode(secret) }, client)).statusCode).toBe(400);
    // Another session of the client (signed in elsewhere) ends when it is turned on.
    const elsewhere = (await signIn(client, await codeByMail(client))).json<{ userToken: string }>().userToken;
    const enabled = await post('/api/user/two-factor/enable', { password: TEST_PASSWORD, code: await totpCode(secret) }, client);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    const stored = await context.db.selectFrom('client_recovery_codes').select('code_hash').execute();
    for (const code of recoveryCodes) expect(stored.map((row) => row.code_hash)).not.toContain(code);
    const row = await context.db.selectFrom('clients').select('totp_secret').where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    const after = await context.app.inject({ method: 'GET', url: '/api/user/me', headers: client.headers });
    expect(after.json().verificationsList.twoFaVerifyEnabled).toBe(true);
    expect((await context.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${elsewhere}` } })).statusCode).toBe(401);
    expect((await post('/api/user/two-factor/setup', {}, client)).statusCode).toBe(409);
  });

  it('signs in with the app’s code instead of a mailed one, each code once', async () => {
    const client = await createSignedInClient(context);
    const { secret } = await enable(client);
    const mailsBefore = context.mails.length;
    const step1 = await post('/api/login/list', { email: client.email, password: TEST_PASSWORD });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ codeSent: false, authenticatorRequired: true });
    expect(context.mails.length).toBe(mailsBefore);
    // The code that turned it on is spent; the next time step's works, once.
    const next = await totpCode(secret, inSteps(1));
    const signedIn = await signIn(client, next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().userToken).toBeTruthy();
    expect((await signIn(client, next)).statusCode).toBe(400);
    expect((await signIn(client, '123456')).statusCode).toBe(400);
  });

  it('takes each recovery code once in place of the app’s', async () => {
    const client = await createSignedInClient(context);
    const { recoveryCodes } = await enable(client);
    const [first, second] = recoveryCodes as [string, string];
    expect((await signIn(client, first.toUpperCase())).statusCode).toBe(200);
    expect((await signIn(client, first)).statusCode).toBe(400);
    expect((await signIn(client, second)).statusCode).toBe(200);
    const audited = await context.db.selectFrom('audit_log').select('after').where('actor_id', '=', client.id).where('action', '=', 'auth.signIn').execute();
    expect(audited.map((row) => (row.after as { purpose: string }).purpose)).toEqual(['login-recovery-code', 'login-recovery-code']);
  });

  it('counts wrong codes towards the same lockout as e-mailed codes', async () => {
    const client = await createSignedInClient(context);
    const { secret } = await enable(client);
    for (let hit = 1; hit < FAILED_SIGN_INS_PER_EMAIL.blockAfter; hit += 1) await recordHit(context.db, FAILED_SIGN_INS_PER_EMAIL, client.email);
    expect((await signIn(client, '000000')).statusCode).toBe(400);
    // Locked now: even the right code is refused for a while.
    expect((await signIn(client, await totpCode(secret, inSteps(1)))).statusCode).toBe(429);
  });

  it('is turned off only with the password and a code, and then sign-in mails a code again', async () => {
    const client = await createSignedInClient(context);
    const { secret } = await enable(client);
    const code = await totpCode(secret, inSteps(1));
    expect((await post('/api/user/two-factor/disable', { password: 'Wrong2024pass', code }, client)).statusCode).toBe(400);
    expect((await post('/api/user/two-factor/disable', { password: TEST_PASSWORD, code: '000000' }, client)).statusCode).toBe(400);
    const off = await post('/api/user/two-factor/disable', { password: TEST_PASSWORD, code }, client);
    expect(off.statusCode, off.body).toBe(200);
    expect(await context.db.selectFrom('client_recovery_codes').select('id').where('client_id', '=', client.id).execute()).toEqual([]);
    const step1 = await post('/api/login/list', { email: client.email, password: TEST_PASSWORD });
    expect(step1.json()).toMatchObject({ codeSent: true });
  });

  it('leaves sign-in of a client without the app as it was: six digits, a recovery-shaped code refused as malformed', async () => {
    const client = await createSignedInClient(context);
    await codeByMail(client);
    const refused = await signIn(client, 'abcde-23456');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { emailCode: 'validation.code.invalid' } });
    expect((await signIn(client, await codeByMail(client))).statusCode).toBe(200);
  });

  it('answers only a signed-in client', async () => {
    for (const url of ['/api/user/two-factor/setup', '/api/user/two-factor/enable', '/api/user/two-factor/disable']) {
      expect((await post(url, {})).statusCode, url).toBe(401);
    }
  });
});
