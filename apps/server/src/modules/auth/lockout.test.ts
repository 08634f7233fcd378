// Proves that sign-in lockouts cannot be turned against a client by strangers: wrong passwords from
// one address lock that address for that account only, so the owner signs in from elsewhere; the
// owner's browser (its device cookie) signs in even from the locked address and past the per-account
// cap, and has a lock of its own instead; a passkey is never refused by a lock; a guess spread over
// many addresses meets the per-account cap, which refuses devices new to the account; the owner is
// mailed once per lock, in their language; a password reset lifts the account's locks.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient, TEST_PASSWORD } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { freshAddress, lastCode, newRegistration, presetCounter } from '../../test/identity';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { DEVICE_COOKIE } from './devices';
import { CLIENT_SIGN_IN_LOCKS, clearAccountLocks, counterKey, judges, lockToTell, type LockRule, type SignInAttempt } from './lockouts';
import {
  FAILED_SIGN_INS_PER_ADDRESS,
  FAILED_SIGN_INS_PER_EMAIL,
  FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS,
  FAILED_SIGN_INS_PER_KNOWN_DEVICE,
  WRONG_CODES_PER_EMAIL,
  type CounterPolicy,
} from './throttle';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

interface Owner {
  id: string;
  email: string;
  password: string;
  /** The device cookie of the owner's browser, renewed at each sign-in. */
  device: string;
}

function call(url: string, payload: Record<string, unknown>, from: { ip: string; device?: string | undefined }) {
  return context.app.inject({ method: 'POST', url, payload, remoteAddress: from.ip, headers: from.device ? { cookie: `${DEVICE_COOKIE}=${from.device}` } : {} });
}

const deviceOf = (setCookie: unknown) => new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(String(setCookie))![1]!;

/** Registers a client through the API from their own browser: the owner and the browser's device cookie. */
async function registerOwner(language: 'en' | 'ru' = 'en'): Promise<Owner> {
  const body = newRegistration({ language });
  const home = freshAddress();
  expect((await call('/api/registrations', body, { ip: home })).statusCode).toBe(201);
  const signedIn = await call('/api/login', { email: body.email, password: body.password, emailCode: lastCode(context, body.email) }, { ip: home });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const row = await context.db.selectFrom('clients').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
  return { id: row.id, email: body.email, password: body.password, device: deviceOf(signedIn.headers['set-cookie']) };
}

const stepOne = (email: string, password: string, from: { ip: string; device?: string | undefined }) => call('/api/login/list', { email, password }, from);

/** Both steps with the right password and the mailed code: the statuses, and the owner's renewed cookie. */
async function signIn(owner: Owner, from: { ip: string; device?: string | undefined }): Promise<number[]> {
  const first = await stepOne(owner.email, owner.password, from);
  if (first.statusCode !== 200) return [first.statusCode];
  const second = await call('/api/login', { email: owner.email, password: owner.password, emailCode: lastCode(context, owner.email) }, from);
  if (second.statusCode === 200 && from.device) owner.device = deviceOf(second.headers['set-cookie']);
  return [first.statusCode, second.statusCode];
}

/** Puts a policy's counter where a run of earlier failures would have left it. */
const preset = (policy: CounterPolicy, key: string, hits: number, blocked = false) => presetCounter(context, policy.bucket, key, hits, blocked);

const ruleOf = (policy: CounterPolicy) => CLIENT_SIGN_IN_LOCKS.find((rule) => rule.policy === policy)!;
const keyOf = (policy: CounterPolicy, attempt: Partial<SignInAttempt> & { account: string }) =>
  counterKey(ruleOf(policy), { ip: '', knownDevice: null, ...attempt });

async function lockMailsTo(email: string) {
  await context.app.background.settled();
  return context.mails.filter((mail) => mail.to === email && /paused|приостановлен/.test(mail.subject));
}

async function deviceIdOf(owner: Owner): Promise<string> {
  const row = await context.db.selectFrom('client_devices').select('id').where('client_id', '=', owner.id).executeTakeFirstOrThrow();
  return String(row.id);
}

describe('a lock per account and address', () => {
  it('ten wrong passwords from one address lock that address for that account, not the owner elsewhere', async () => {
    const owner = await registerOwner();
    const stranger = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter; attempt += 1) {
      statuses.push((await stepOne(owner.email, `Wrong${attempt}Pass`, { ip: stranger })).statusCode);
    }
    expect(statuses).toEqual(Array(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter).fill(400));
    const refused = await stepOne(owner.email, owner.password, { ip: stranger });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().details.retryAfterSeconds).toBeGreaterThan(0);
    // The owner, from another address and a browser never used (no cookie), signs in.
    expect(await signIn(owner, { ip: freshAddress() })).toEqual([200, 200]);
    // Another client signs in from the stranger's address: the lock is that account's only.
    const other = await registerOwner();
    expect((await stepOne(other.email, other.password, { ip: stranger })).statusCode).toBe(200);
  }, 60_000);

  it('the owner signs in from the locked address with the browser they used before', async () => {
    const owner = await registerOwner();
    const shared = freshAddress();
    await preset(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account: owner.email, ip: shared }), FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter - 1);
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: shared })).statusCode).toBe(400);
    expect((await stepOne(owner.email, owner.password, { ip: shared })).statusCode).toBe(429);
    expect(await signIn(owner, { ip: shared, device: owner.device })).toEqual([200, 200]);
    // The success from the known device does not lift the lock of the address for other browsers.
    expect((await stepOne(owner.email, owner.password, { ip: shared })).statusCode).toBe(429);
    // A cookie that is not this client's device (forged, or another client's) counts for nothing.
    const other = await registerOwner();
    expect((await stepOne(owner.email, owner.password, { ip: shared, device: other.device })).statusCode).toBe(429);
    expect((await stepOne(owner.email, owner.password, { ip: shared, device: 'x'.repeat(43) })).statusCode).toBe(429);
  });

  it('mails the owner once when the lock starts, in their language', async () => {
    const owner = await registerOwner('ru');
    const stranger = freshAddress();
    await preset(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account: owner.email, ip: stranger }), FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter - 2);
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: stranger })).statusCode).toBe(400);
    expect(await lockMailsTo(owner.email)).toHaveLength(0);
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: stranger })).statusCode).toBe(400);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await stepOne(owner.email, 'Wrong2024pass', { ip: stranger })).statusCode).toBe(429);
    const mails = await lockMailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Вход в интернет-банк приостановлен · Меридиан Банк');
    expect(mails[0]!.text).toContain(`с IP-адреса ${stranger} вход в ваш интернет-банк с этого адреса приостановлен на 15 минут`);
    expect(mails[0]!.text).toContain('Если это были не вы, войти никому не удалось');
  });

  it('counts wrong codes after the right password too, and then tells the owner the password is known', async () => {
    const owner = await registerOwner();
    const stranger = freshAddress();
    await preset(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account: owner.email, ip: stranger }), FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter - 1);
    expect((await call('/api/login', { email: owner.email, password: owner.password, emailCode: '000000' }, { ip: stranger })).statusCode).toBe(400);
    expect((await stepOne(owner.email, owner.password, { ip: stranger })).statusCode).toBe(429);
    const [mail] = await lockMailsTo(owner.email);
    expect(mail!.subject).toBe('Sign-ins to your online banking paused · Meridian Bank');
    expect(mail!.text).toContain(`from the IP address ${stranger}, sign-ins to your online banking from that address are paused for 15 minutes`);
    expect(mail!.text).toContain('These attempts had your password right but not the code');
    expect(await signIn(owner, { ip: freshAddress() })).toEqual([200, 200]);
  });
});

describe('the cap per account', () => {
  it('stops a guess spread over many addresses for devices new to the account, not for the owner’s browser', async () => {
    const owner = await registerOwner();
    await preset(FAILED_SIGN_INS_PER_EMAIL, owner.email, FAILED_SIGN_INS_PER_EMAIL.blockAfter - 2);
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: freshAddress() })).statusCode).toBe(400);
    expect(await lockMailsTo(owner.email)).toHaveLength(0);
    expect((await stepOne(owner.email, 'Wrong2025pass', { ip: freshAddress() })).statusCode).toBe(400);
    // Capped: any browser the account has not used is refused, from any address.
    expect((await stepOne(owner.email, owner.password, { ip: freshAddress() })).statusCode).toBe(429);
    expect((await stepOne(owner.email, owner.password, { ip: freshAddress() })).statusCode).toBe(429);
    expect(await signIn(owner, { ip: freshAddress(), device: owner.device })).toEqual([200, 200]);
    const mails = await lockMailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('sign-ins to your online banking from devices you have not signed in from before are paused for 60 minutes');
    expect(mails[0]!.text).toContain('Sign-ins from a device you have signed in from before, and with a passkey, work as usual.');
  });

  it('caps wrong codes across addresses more tightly, and only someone with the password reaches it', async () => {
    const owner = await registerOwner();
    await preset(WRONG_CODES_PER_EMAIL, owner.email, WRONG_CODES_PER_EMAIL.blockAfter - 1);
    // A wrong password does not count towards the cap of codes.
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: freshAddress() })).statusCode).toBe(400);
    expect((await stepOne(owner.email, owner.password, { ip: freshAddress() })).statusCode).toBe(200);
    const wrongCode = String((Number(lastCode(context, owner.email)) + 1) % 1_000_000).padStart(6, '0');
    expect((await call('/api/login', { email: owner.email, password: owner.password, emailCode: wrongCode }, { ip: freshAddress() })).statusCode).toBe(400);
    expect((await stepOne(owner.email, owner.password, { ip: freshAddress() })).statusCode).toBe(429);
    expect(await signIn(owner, { ip: freshAddress(), device: owner.device })).toEqual([200, 200]);
  });
});

describe('the owner’s own browser', () => {
  it('has a lock of its own: ten failures with its cookie lock that browser, not the owner’s others', async () => {
    const owner = await registerOwner();
    const home = freshAddress();
    await preset(FAILED_SIGN_INS_PER_KNOWN_DEVICE, keyOf(FAILED_SIGN_INS_PER_KNOWN_DEVICE, { account: owner.email, knownDevice: await deviceIdOf(owner) }), FAILED_SIGN_INS_PER_KNOWN_DEVICE.blockAfter - 1);
    expect((await stepOne(owner.email, 'Wrong2024pass', { ip: home, device: owner.device })).statusCode).toBe(400);
    expect((await stepOne(owner.email, owner.password, { ip: home, device: owner.device })).statusCode).toBe(429);
    expect((await stepOne(owner.email, owner.password, { ip: freshAddress(), device: owner.device })).statusCode).toBe(429);
    // Failures with the cookie were not counted against the address or the account.
    expect(await signIn(owner, { ip: home })).toEqual([200, 200]);
    const [mail] = await lockMailsTo(owner.email);
    expect(mail!.text).toContain('on a device you have signed in from before');
  });
});

describe('a passkey', () => {
  it('signs the owner in from an address locked for everyone and with the account capped', async () => {
    const client = await createSignedInClient(context);
    const origin = new URL(context.config.appUrl).origin;
    const authenticator = new SoftwareAuthenticator(origin);
    const headers = { authorization: `Bearer ${client.token}` };
    const options = await context.app.inject({ method: 'POST', url: '/api/user/passkeys/options', payload: { password: TEST_PASSWORD }, headers });
    const response = authenticator.register(options.json<PublicKeyCredentialCreationOptionsJSON>());
    expect((await context.app.inject({ method: 'POST', url: '/api/user/passkeys', payload: { name: 'Laptop', response }, headers })).statusCode).toBe(201);

    const stranger = freshAddress();
    await preset(FAILED_SIGN_INS_PER_ADDRESS, stranger, FAILED_SIGN_INS_PER_ADDRESS.blockAfter, true);
    await preset(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account: client.email, ip: stranger }), FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter, true);
    await preset(FAILED_SIGN_INS_PER_EMAIL, client.email, FAILED_SIGN_INS_PER_EMAIL.blockAfter, true);
    expect((await stepOne(client.email, TEST_PASSWORD, { ip: stranger })).statusCode).toBe(429);

    const signInOptions = await call('/api/login/passkey/options', {}, { ip: stranger });
    const signedIn = await call('/api/login/passkey', { response: authenticator.authenticate(signInOptions.json<PublicKeyCredentialRequestOptionsJSON>()) }, { ip: stranger });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().email).toBe(client.email);
  });
});

describe('clearing an account’s locks, as a password reset does', () => {
  it('lifts every lock of the account, from every address and device, and only of that account', async () => {
    const account = 'reset-owner@example.com';
    const other = 'reset-owner@example.co';
    const keys = [
      [FAILED_SIGN_INS_PER_EMAIL, account],
      [WRONG_CODES_PER_EMAIL, account],
      [FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account, ip: '10.200.0.1' })],
      [FAILED_SIGN_INS_PER_KNOWN_DEVICE, keyOf(FAILED_SIGN_INS_PER_KNOWN_DEVICE, { account, knownDevice: '7' })],
      [FAILED_SIGN_INS_PER_EMAIL, other],
      [FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, keyOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, { account: other, ip: '10.200.0.1' })],
      [FAILED_SIGN_INS_PER_ADDRESS, '10.200.0.1'],
    ] as const;
    for (const [policy, key] of keys) await preset(policy, key, policy.blockAfter, true);
    await clearAccountLocks(context.db, CLIENT_SIGN_IN_LOCKS, account);
    const left = await context.db
      .selectFrom('auth_counters')
      .select(['bucket', 'key'])
      .where('key', 'in', keys.map(([, key]) => key))
      .execute();
    expect(left.map((row) => `${row.bucket}|${row.key}`).sort()).toEqual(keys.slice(4).map(([policy, key]) => `${policy.bucket}|${key}`).sort());
  });
});

describe('the rules', () => {
  const unknown: SignInAttempt = { account: 'a@example.com', ip: '10.0.0.9', knownDevice: null };
  const known: SignInAttempt = { ...unknown, knownDevice: '42' };
  const judged = (attempt: SignInAttempt) => CLIENT_SIGN_IN_LOCKS.filter((rule) => judges(rule, attempt)).map((rule) => rule.policy);

  it.each([
    ['a device new to the account', unknown, [FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, FAILED_SIGN_INS_PER_EMAIL, WRONG_CODES_PER_EMAIL]],
    ['a device the account has used', known, [FAILED_SIGN_INS_PER_KNOWN_DEVICE]],
  ] as const)('judge %s by these counters only', (_name, attempt, policies) => {
    expect(judged(attempt)).toEqual(policies);
  });

  it('keep every lock at least as long as its window, so the failure that reaches the limit is the one that starts it', () => {
    for (const rule of CLIENT_SIGN_IN_LOCKS) expect(rule.policy.blockMs, rule.policy.bucket).toBeGreaterThanOrEqual(rule.policy.windowMs);
  });

  it('key counters by account and address or device, apart for accounts whose names share a beginning', () => {
    expect(counterKey(ruleOf(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS), unknown)).toBe('a@example.com 10.0.0.9');
    expect(counterKey(ruleOf(FAILED_SIGN_INS_PER_KNOWN_DEVICE), known)).toBe('a@example.com 42');
    expect(counterKey(ruleOf(FAILED_SIGN_INS_PER_EMAIL), unknown)).toBe('a@example.com');
    expect(counterKey(ruleOf(FAILED_SIGN_INS_PER_ADDRESS), unknown)).toBe('10.0.0.9');
  });

  it.each([
    [[FAILED_SIGN_INS_PER_ADDRESS], null],
    [[FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS], FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS],
    [[FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, FAILED_SIGN_INS_PER_EMAIL], FAILED_SIGN_INS_PER_EMAIL],
    [[FAILED_SIGN_INS_PER_KNOWN_DEVICE], FAILED_SIGN_INS_PER_KNOWN_DEVICE],
  ] as const)('tell the owner of the widest lock a failure started (%#)', (started, told) => {
    const rules: LockRule[] = started.map(ruleOf);
    expect(lockToTell(rules)?.policy ?? null).toBe(told);
  });
});
