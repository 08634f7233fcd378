// Proves the rotation of keys as docs/operations.md gives it, end to end over one database. Under APP_SECRET
// A and statement key K1 a client signs up and in, turns on an authenticator and downloads a signed
// statement, and operators sign in and are invited. Restarted with APP_SECRET=B, APP_SECRET_PREVIOUS=A
// and K2 signing with K1 previous: the session, the device cookie, the authenticator, a recovery code,
// a reset link, an enrolment link, a mail written before and operator sign-in all still work; the old
// statement verifies as genuine and names K1, a new one names K2, and the published keys list both.
// Then `npm run secrets:reseal` (resealEverything) seals every authenticator anew under B. Restarted
// once more without A: what was used or resealed meanwhile still works, while an authenticator the
// reseal did not reach is a 409 with an audit row, never a 500. Nodes restart one at a time, so the
// docs/operations.md's two phases also run side by side: a node on phase 1 (A signing, B previous; K1 signing,
// K2 published) and one on phase 2 (B, A previous; K2, K1 previous) over one database take each
// other's sessions, authenticators and statements.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StatementSigningKeys, StatementVerification } from '@bank/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { hashSecret } from '../lib/crypto';
import { openTestAccount } from '../modules/accounts/test-support';
import { DEVICE_COOKIE } from '../modules/auth';
import { issueEnrolmentLink } from '../modules/backoffice';
import { queueMail } from '../modules/mail';
import { resealEverything } from '../cli/reseal';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from './clients';
import { createTestContext, restartWithConfig, type SecondNode, type TestContext } from './harness';
import { freshAddress, lastCode, registerAndSignIn } from './identity';
import { createSignedInOperator, totpCode, type TestOperator } from './operators';

const SECRET_A = randomBytes(32).toString('hex');
const SECRET_B = randomBytes(32).toString('hex');
const newKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const KEY_1 = newKey();
const KEY_2 = newKey();
/** Where the earlier key's public half is kept, as STATEMENT_SIGNING_KEYS_PREVIOUS names it. */
const keyFolder = mkdtempSync(path.join(tmpdir(), 'bank-keys-'));
const KEY_1_PUBLIC_FILE = path.join(keyFolder, 'statement-key-1.pub.pem');
writeFileSync(KEY_1_PUBLIC_FILE, createPublicKey(KEY_1).export({ type: 'spki', format: 'pem' }));
/** The key that signs next, published before it signs (phase 1 of docs/operations.md). */
const KEY_2_PUBLIC = createPublicKey(KEY_2).export({ type: 'spki', format: 'pem' }).toString();

/** A configuration as the environment gives it, so the variables themselves are what is tested. */
function configOf(environment: Record<string, string>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', APP_URL: 'https://bank.test', ...environment });
}

const nextStep = () => new Date(Date.now() + 30_000);

interface SignedUp {
  email: string;
  token: string;
  device: string;
  authenticator: string;
  recoveryCodes: string[];
}

let context: TestContext;
let rotated: SecondNode;
let rotatedConfig: Config;
let dropped: SecondNode;
let client: SignedUp;
/** A client whose authenticator is left unused while A is still accepted: only the reseal moves it to B. */
let idleClient: { email: string; authenticator: string };
/** A client whose authenticator neither use nor the reseal moves to B (its sealed value is put back). */
let staleClient: { email: string; authenticator: string };
let admin: TestOperator;
/** An operator who does not sign in while A is still accepted: only the reseal moves them to B. */
let idleOperator: TestOperator;
/** An operator whose authenticator the reseal does not reach. */
let staleOperator: TestOperator;
let invitedOperatorId: string;
let enrolmentToken: string;
/** The operator enrolled from that link while A was still accepted. */
let enrolled: { email: string; secret: string };
let resetClient: TestClient;
let resetToken: string;
let firstStatement: { code: string; file: Buffer };

function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, options: { payload?: object; token?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}

/** Turns the authenticator on for a signed-in client: its secret and recovery codes. */
async function turnOnAuthenticator(app: FastifyInstance, token: string): Promise<{ authenticator: string; recoveryCodes: string[] }> {
  const setup = await call(app, 'POST', '/api/user/two-factor/setup', { payload: {}, token });
  expect(setup.statusCode, setup.body).toBe(200);
  const authenticator = setup.json<{ secret: string }>().secret;
  const enabled = await call(app, 'POST', '/api/user/two-factor/enable', { payload: { password: TEST_PASSWORD, code: await totpCode(authenticator) }, token });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { authenticator, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A client's sign-in with the app's code (or a recovery code), from a browser holding `device`. */
function clientSignIn(app: FastifyInstance, email: string, code: string, device?: string) {
  return call(app, 'POST', '/api/login', { payload: { email, password: TEST_PASSWORD, emailCode: code }, headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {} });
}

function operatorSignIn(app: FastifyInstance, operator: TestOperator, code: string) {
  return call(app, 'POST', '/api/backoffice/login', { payload: { email: operator.email, password: operator.password, totpCode: code } });
}

/** The signed PDF statement of an account, and the verification code it names. */
async function downloadStatement(app: FastifyInstance, token: string, accountNumber: string): Promise<{ code: string; file: Buffer }> {
  const response = await app.inject({ method: 'GET', url: '/api/statement', headers: { authorization: `Bearer ${token}` }, query: { format: 'pdf', accountNumber } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const file = response.rawPayload;
  const code = /statement-verification-code:([0-9A-Z-]{14})/.exec(file.toString('latin1'))![1]!;
  return { code, file };
}

async function verifyCode(app: FastifyInstance, code: string): Promise<StatementVerification> {
  return (await call(app, 'GET', `/api/statement/verify/${code}`)).json<StatementVerification>();
}

async function verifyUpload(app: FastifyInstance, file: Buffer): Promise<StatementVerification> {
  const response = await app.inject({ method: 'POST', url: '/api/statement/verify', headers: { 'content-type': 'application/pdf' }, payload: file });
  return response.json<StatementVerification>();
}

/** A key's id as statements name it: the first 16 hex digits of the SHA-256 of its public DER. */
const keyIdOf = (pem: string) => createHash('sha256').update(createPublicKey(pem).export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);

async function auditActions(subjectId: string): Promise<string[]> {
  const rows = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', subjectId).orderBy('id').execute();
  return rows.map((row) => row.action);
}

/** Forgets the last time step an authenticator spent, so a code of this half-minute is taken again. */
async function forgetLastStep(table: 'clients' | 'operators', email: string): Promise<void> {
  await context.db.updateTable(table).set({ totp_last_step: null }).where('email', '=', email).execute();
}

beforeAll(async () => {
  context = await createTestContext(configOf({ APP_SECRET: SECRET_A, STATEMENT_SIGNING_KEY: KEY_1 }));
  const app = context.app;

  // A client signs up (a mailed code) and in again from a browser that keeps the device cookie.
  const signedUp = await registerAndSignIn(context, { password: TEST_PASSWORD });
  await context.db.updateTable('clients').set({ kyc_status: 'Approved' }).where('email', '=', signedUp.email).execute();
  expect((await call(app, 'POST', '/api/login/list', { payload: { email: signedUp.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  const signedIn = await clientSignIn(app, signedUp.email, lastCode(context, signedUp.email));
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const device = new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(String(signedIn.headers['set-cookie']))![1]!;
  const token = signedIn.json<{ userToken: string }>().userToken;
  client = { email: signedUp.email, token, device, ...(await turnOnAuthenticator(app, token)) };
  const clientRow = await context.db.selectFrom('clients').select('id').where('email', '=', client.email).executeTakeFirstOrThrow();
  const account = await openTestAccount(context, { id: clientRow.id, email: client.email, password: TEST_PASSWORD, token, headers: { authorization: `Bearer ${token}` } }, 'USD', '100.00');
  firstStatement = await downloadStatement(app, token, account.number);

  const idle = await createSignedInClient(context);
  idleClient = { email: idle.email, authenticator: (await turnOnAuthenticator(app, idle.token)).authenticator };
  const stale = await createSignedInClient(context);
  staleClient = { email: stale.email, authenticator: (await turnOnAuthenticator(app, stale.token)).authenticator };

  admin = await createSignedInOperator(context, ['admin']);
  expect((await operatorSignIn(app, admin, await totpCode(admin.totpSecret!))).statusCode).toBe(200);
  idleOperator = await createSignedInOperator(context, ['payments']);
  staleOperator = await createSignedInOperator(context, ['payments']);
  invitedOperatorId = (await createSignedInOperator(context, ['compliance'], { enrolled: false })).id;
  enrolmentToken = await context.db.transaction().execute((trx) => issueEnrolmentLink(trx, context.config.secret, invitedOperatorId));

  resetClient = await createSignedInClient(context);
  expect((await call(app, 'POST', '/api/user/password/refresh', { payload: { email: resetClient.email } })).statusCode).toBe(200);
  await app.background.settled();
  const resetMail = [...context.mails].reverse().find((mail) => mail.to === resetClient.email)!;
  resetToken = decodeURIComponent(/reset_password\?token=([\w%-]+)/.exec(resetMail.text)![1]!);

  // A mail written under A and not sent yet when the servers restart.
  await context.db.transaction().execute((trx) => queueMail(trx, context.config.secret, { to: 'waiting@example.com', subject: 'Written before', text: 'Sealed under A' }));

  const rotatedEnvironment = { APP_SECRET: SECRET_B, STATEMENT_SIGNING_KEY: KEY_2, STATEMENT_SIGNING_KEYS_PREVIOUS: KEY_1_PUBLIC_FILE };
  rotatedConfig = configOf({ ...rotatedEnvironment, APP_SECRET_PREVIOUS: SECRET_A });
  rotated = await restartWithConfig(context, rotatedConfig);
  dropped = await restartWithConfig(context, configOf(rotatedEnvironment));
});

afterAll(async () => {
  await rotated?.close();
  await dropped?.close();
  await context?.close();
  rmSync(keyFolder, { recursive: true, force: true });
});

describe('restarted with APP_SECRET=B, APP_SECRET_PREVIOUS=A, and statement key K2 with K1 previous', () => {
  it('keeps the session, hashed anew under B at its first use', async () => {
    expect((await call(rotated.app, 'GET', '/api/user/me', { token: client.token })).statusCode).toBe(200);
    const hashes = await context.db.selectFrom('sessions').select('token_hash').execute();
    expect(hashes.map((row) => row.token_hash)).toContain(hashSecret(client.token, SECRET_B));
    expect(hashes.map((row) => row.token_hash)).not.toContain(hashSecret(client.token, SECRET_A));
  });

  it('delivers the mail written under A', async () => {
    expect(rotated.mails.map((mail) => mail.subject)).toContain('Written before');
  });

  it('signs the client in with the authenticator from the same device, and with a recovery code', async () => {
    const devicesBefore = await context.db.selectFrom('client_devices').select('id').execute();
    const signedIn = await clientSignIn(rotated.app, client.email, await totpCode(client.authenticator, nextStep()), client.device);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The cookie named its device: no device was added.
    expect(await context.db.selectFrom('client_devices').select('id').execute()).toHaveLength(devicesBefore.length);
    expect((await clientSignIn(rotated.app, client.email, client.recoveryCodes[0]!)).statusCode).toBe(200);
  });

  it('resets a password from a link mailed under A', async () => {
    const reset = await call(rotated.app, 'POST', '/api/user/password/reset', { payload: { token: resetToken, newPassword: 'Renewed2025pass' } });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('signs operators in, and enrols one from a link issued under A', async () => {
    expect((await operatorSignIn(rotated.app, admin, await totpCode(admin.totpSecret!, nextStep()))).statusCode).toBe(200);
    const link = await call(rotated.app, 'GET', `/api/backoffice/enrolment/${enrolmentToken}`);
    expect(link.statusCode, link.body).toBe(200);
    const { secret } = link.json<{ enrolment: { secret: string } }>().enrolment;
    const completed = await call(rotated.app, 'POST', `/api/backoffice/enrolment/${enrolmentToken}`, { payload: { password: 'Chosen-By-Me-2024', totpCode: await totpCode(secret) } });
    expect(completed.statusCode, completed.body).toBe(200);
    const operator = await context.db.selectFrom('operators').select('email').where('id', '=', invitedOperatorId).executeTakeFirstOrThrow();
    await forgetLastStep('operators', operator.email);
    enrolled = { email: operator.email, secret };
  });

  it('verifies the statement K1 signed as genuine, naming K1, and signs a new one with K2', async () => {
    const old = await verifyCode(rotated.app, firstStatement.code);
    expect(old).toMatchObject({ genuine: true, statement: { keyId: keyIdOf(KEY_1) } });
    expect(await verifyUpload(rotated.app, firstStatement.file)).toMatchObject({ genuine: true });
    const account = (await call(rotated.app, 'GET', '/api/account/list', { token: client.token })).json<{ number: string }[]>()[0]!;
    const fresh = await downloadStatement(rotated.app, client.token, account.number);
    expect(await verifyCode(rotated.app, fresh.code)).toMatchObject({ genuine: true, statement: { keyId: keyIdOf(KEY_2) } });
  });

  it('publishes both keys, K2 as the signing one', async () => {
    const plain = await call(rotated.app, 'GET', '/.well-known/statement-signing-key');
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.headers['x-statement-key-id']).toBe(keyIdOf(KEY_2));
    expect(createPublicKey(plain.body).export({ type: 'spki', format: 'pem' })).toBe(createPublicKey(KEY_2).export({ type: 'spki', format: 'pem' }));
    const listed = await call(rotated.app, 'GET', '/.well-known/statement-signing-key', { headers: { accept: 'application/json' } });
    expect(listed.statusCode).toBe(200);
    const keys = listed.json<StatementSigningKeys>();
    expect(keys.keyId).toBe(keyIdOf(KEY_2));
    expect(keys.keys.map(({ id, current }) => ({ id, current }))).toEqual([
      { id: keyIdOf(KEY_2), current: true },
      { id: keyIdOf(KEY_1), current: false },
    ]);
  });
});

describe('npm run secrets:reseal, while A is still previous', () => {
  it('seals every authenticator anew under B, and changes nothing run again', async () => {
    // The stale ones stand for authenticators the reseal did not reach (A dropped before it ran):
    // what A sealed for them is put back after it.
    const staleClientRow = await context.db.selectFrom('clients').select(['id', 'totp_secret']).where('email', '=', staleClient.email).executeTakeFirstOrThrow();
    const staleOperatorRow = await context.db.selectFrom('operators').select(['id', 'totp_secret']).where('id', '=', staleOperator.id).executeTakeFirstOrThrow();

    // As the command does it: the app's own connection and the server's configuration.
    const counts = await resealEverything(context.deps.db, rotatedConfig.secret);
    expect(counts['clients.totp_secret']!.resealed).toBeGreaterThanOrEqual(2);
    expect(counts['operators.totp_secret']!.resealed).toBeGreaterThanOrEqual(2);
    for (const count of Object.values(counts)) expect(count.unreadable).toBe(0);
    const again = await resealEverything(context.deps.db, rotatedConfig.secret);
    for (const count of Object.values(again)) expect(count.resealed).toBe(0);

    const idleRow = await context.db.selectFrom('clients').select('totp_secret').where('email', '=', idleClient.email).executeTakeFirstOrThrow();
    expect(idleRow.totp_secret).not.toBeNull();
    await context.db.updateTable('clients').set({ totp_secret: staleClientRow.totp_secret }).where('id', '=', staleClientRow.id).execute();
    await context.db.updateTable('operators').set({ totp_secret: staleOperatorRow.totp_secret }).where('id', '=', staleOperatorRow.id).execute();
  });
});

describe('restarted once more without APP_SECRET_PREVIOUS', () => {
  it('keeps what was used meanwhile: the session, the authenticator and operator sign-in', async () => {
    expect((await call(dropped.app, 'GET', '/api/user/me', { token: client.token })).statusCode).toBe(200);
    await forgetLastStep('clients', client.email);
    expect((await clientSignIn(dropped.app, client.email, await totpCode(client.authenticator))).statusCode).toBe(200);
    await forgetLastStep('operators', admin.email);
    expect((await operatorSignIn(dropped.app, admin, await totpCode(admin.totpSecret!))).statusCode).toBe(200);
    const enrolledSignIn = await call(dropped.app, 'POST', '/api/backoffice/login', { payload: { email: enrolled.email, password: 'Chosen-By-Me-2024', totpCode: await totpCode(enrolled.secret) } });
    expect(enrolledSignIn.statusCode, enrolledSignIn.body).toBe(200);
    expect(await verifyCode(dropped.app, firstStatement.code)).toMatchObject({ genuine: true });
  });

  it('keeps the authenticators nobody used meanwhile that the reseal sealed anew, for an operator and a client', async () => {
    const operator = await operatorSignIn(dropped.app, idleOperator, await totpCode(idleOperator.totpSecret!));
    expect(operator.statusCode, operator.body).toBe(200);
    const signedIn = await clientSignIn(dropped.app, idleClient.email, await totpCode(idleClient.authenticator, nextStep()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const idle = await context.db.selectFrom('clients').select('id').where('email', '=', idleClient.email).executeTakeFirstOrThrow();
    expect(await auditActions(idle.id)).not.toContain('auth.authenticatorUnreadable');
    expect(await auditActions(idleOperator.id)).not.toContain('backoffice.authenticatorUnreadable');
  });

  it('refuses an authenticator the reseal did not reach with a 409 and an audit row, for an operator and a client', async () => {
    const operator = await operatorSignIn(dropped.app, staleOperator, await totpCode(staleOperator.totpSecret!));
    expect(operator.statusCode, operator.body).toBe(409);
    expect(operator.json()).toMatchObject({ code: 'AUTHENTICATOR_RESET_REQUIRED', fields: { totpCode: 'validation.totpCode.resetRequired' } });
    expect(await auditActions(staleOperator.id)).toContain('backoffice.authenticatorUnreadable');

    const refused = await clientSignIn(dropped.app, staleClient.email, await totpCode(staleClient.authenticator, nextStep()));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'AUTHENTICATOR_RESET_REQUIRED' });
    const stale = await context.db.selectFrom('clients').select('id').where('email', '=', staleClient.email).executeTakeFirstOrThrow();
    expect(await auditActions(stale.id)).toContain('auth.authenticatorUnreadable');
  });
});

describe('mid-rollout: a node on phase 1 and a node on phase 2 side by side over one database', () => {
  let phase1: SecondNode;
  let phase2: SecondNode;
  /** Clients created under A alone, one turning the app on at each node. */
  let onPhase1: TestClient & { authenticator: string };
  let onPhase2: TestClient & { authenticator: string };

  beforeAll(async () => {
    // Phase 1: A still signs and hashes, B is accepted already; K1 signs, K2 is published already.
    phase1 = await restartWithConfig(context, configOf({ APP_SECRET: SECRET_A, APP_SECRET_PREVIOUS: SECRET_B, STATEMENT_SIGNING_KEY: KEY_1, STATEMENT_SIGNING_KEYS_PREVIOUS: KEY_2_PUBLIC }));
    // Phase 2: B signs and hashes, A is still accepted; K2 signs, K1 only verifies.
    phase2 = await restartWithConfig(context, configOf({ APP_SECRET: SECRET_B, APP_SECRET_PREVIOUS: SECRET_A, STATEMENT_SIGNING_KEY: KEY_2, STATEMENT_SIGNING_KEYS_PREVIOUS: KEY_1_PUBLIC_FILE }));
    const first = await createSignedInClient(context);
    onPhase1 = { ...first, ...(await turnOnAuthenticator(phase1.app, first.token)) };
    const second = await createSignedInClient(context);
    onPhase2 = { ...second, ...(await turnOnAuthenticator(phase2.app, second.token)) };
  });

  afterAll(async () => {
    await phase1?.close();
    await phase2?.close();
  });

  it('takes a session made on either node on the other, back and forth', async () => {
    // The app's code from one node's enrolment signs in on the other, so each session is made there.
    const madeOnPhase2 = await clientSignIn(phase2.app, onPhase1.email, await totpCode(onPhase1.authenticator, nextStep()));
    expect(madeOnPhase2.statusCode, madeOnPhase2.body).toBe(200);
    const madeOnPhase1 = await clientSignIn(phase1.app, onPhase2.email, await totpCode(onPhase2.authenticator, nextStep()));
    expect(madeOnPhase1.statusCode, madeOnPhase1.body).toBe(200);
    const tokens = [madeOnPhase2.json<{ userToken: string }>().userToken, madeOnPhase1.json<{ userToken: string }>().userToken];
    const hashes = (await context.db.selectFrom('sessions').select('token_hash').execute()).map((row) => row.token_hash);
    expect(hashes).toContain(hashSecret(tokens[0]!, SECRET_B));
    expect(hashes).toContain(hashSecret(tokens[1]!, SECRET_A));
    for (const token of tokens) {
      for (const node of [phase1, phase2, phase1, phase2]) {
        const me = await call(node.app, 'GET', '/api/user/me', { token });
        expect(me.statusCode, me.body).toBe(200);
      }
    }
  });

  it('takes an authenticator turned on at either node on the other, back and forth', async () => {
    for (const enrolledClient of [onPhase1, onPhase2]) {
      for (const node of [phase1, phase2, phase1, phase2]) {
        await forgetLastStep('clients', enrolledClient.email);
        const signedIn = await clientSignIn(node.app, enrolledClient.email, await totpCode(enrolledClient.authenticator));
        expect(signedIn.statusCode, signedIn.body).toBe(200);
      }
    }
  });

  it("verifies as genuine on each node a statement the other signed, by code and by upload", async () => {
    const account = await openTestAccount(context, onPhase1, 'USD', '100.00');
    const byPhase2 = await downloadStatement(phase2.app, onPhase1.token, account.number);
    const byPhase1 = await downloadStatement(phase1.app, onPhase1.token, account.number);
    expect(await verifyCode(phase1.app, byPhase2.code)).toMatchObject({ genuine: true, statement: { keyId: keyIdOf(KEY_2) } });
    expect(await verifyUpload(phase1.app, byPhase2.file)).toMatchObject({ genuine: true });
    expect(await verifyCode(phase2.app, byPhase1.code)).toMatchObject({ genuine: true, statement: { keyId: keyIdOf(KEY_1) } });
    expect(await verifyUpload(phase2.app, byPhase1.file)).toMatchObject({ genuine: true });

    // Phase 1 publishes K2 before it signs, so one checking offline already finds it.
    const listed = (await call(phase1.app, 'GET', '/.well-known/statement-signing-key', { headers: { accept: 'application/json' } })).json<StatementSigningKeys>();
    expect(listed.keys.map(({ id, current }) => ({ id, current }))).toEqual([
      { id: keyIdOf(KEY_1), current: true },
      { id: keyIdOf(KEY_2), current: false },
    ]);
  });
});
