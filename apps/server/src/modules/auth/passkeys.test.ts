// Proves passkeys for clients (server side) with an authenticator in software: a passkey is added
// with the password and the browser's answer, and then signs its client in without password or
// code; every challenge works once and for two minutes only, for the client it was made for; an
// answer for another origin or relying party, without the person verified, or with another
// client's user handle is refused; a counter that goes back is refused; malformed answers are a 400,
// never a 500; a client sees, renames and removes only their own passkeys.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { WRONG_CURRENT_PASSWORD } from '@bank/contracts/users/password-change';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { totpCode } from '../../test/operators';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { userHandleOf } from './passkeys';
import { clearCounter, FAILED_SIGN_INS_PER_ADDRESS } from './throttle';
import { WRONG_AUTHENTICATOR_CODES } from './two-factor';

let context: TestContext;
let origin: string;
beforeAll(async () => {
  context = await createTestContext();
  origin = new URL(context.config.appUrl).origin;
});
afterAll(() => context.close());
// Refusals below count against the one test address; each test starts with a clean count.
beforeEach(() => clearCounter(context.db, FAILED_SIGN_INS_PER_ADDRESS, '127.0.0.1'));

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, client?: TestClient) =>
  context.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: client?.headers ?? {} });

async function registrationOptions(client: TestClient): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const answer = await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD }, client);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const answer = await call('POST', '/api/login/passkey/options', {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const addPasskey = (client: TestClient, response: RegistrationResponseJSON, name = 'My laptop') => call('POST', '/api/user/passkeys', { name, response }, client);

/** Adds a passkey made by `authenticator` for the client; answers its id in the list. */
async function addedPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name?: string): Promise<string> {
  const added = await addPasskey(client, authenticator.register(await registrationOptions(client)), name);
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ id: string }>().id;
}

const expireChallenges = () => sql`update webauthn_challenges set expires_at = now() - interval '1 second' where used_at is null`.execute(context.db);

describe('adding a passkey', () => {
  it('asks for a discoverable credential with the person verified, under the bank’s relying party', async () => {
    const client = await createSignedInClient(context);
    const options = await registrationOptions(client);
    expect(options.rp).toEqual({ name: 'Meridian Bank', id: new URL(context.config.appUrl).hostname });
    expect(options.user.name).toBe(client.email);
    expect(options.user.id).toBe(Buffer.from(userHandleOf(client.id)).toString('base64url'));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    // The challenge is stored as a keyed hash only, for two minutes; the browser gives up before that.
    const stored = await context.db.selectFrom('webauthn_challenges').select(['challenge_hash', 'client_id', 'created_at', 'expires_at']).execute();
    expect(stored.map((row) => row.challenge_hash)).not.toContain(options.challenge);
    const mine = stored.find((row) => row.client_id === client.id)!;
    expect(mine.expires_at.getTime() - mine.created_at.getTime()).toBe(2 * 60_000);
    expect(options.timeout).toBeLessThan(2 * 60_000);
  });

  it('takes the current password; wrong ones count towards the same block as wrong authenticator codes', async () => {
    const client = await createSignedInClient(context);
    const wrong = await call('POST', '/api/user/passkeys/options', { password: 'Wrong2024pass' }, client);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: WRONG_CURRENT_PASSWORD });
    expect((await call('POST', '/api/user/passkeys/options', {}, client)).statusCode).toBe(400);
    expect((await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD })).statusCode).toBe(401);
    for (let attempt = 1; attempt < WRONG_AUTHENTICATOR_CODES.blockAfter; attempt += 1) {
      await call('POST', '/api/user/passkeys/options', { password: 'Wrong2024pass' }, client);
    }
    expect((await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD }, client)).statusCode).toBe(429);
  });

  it('stores the verified credential, names it, lists it and excludes it from the next ceremony', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    const added = await addPasskey(client, authenticator.register(await registrationOptions(client)), '  iPhone  ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'iPhone', lastUsedAt: null, backedUp: false });
    const list = await call('GET', '/api/user/passkeys', undefined, client);
    expect(list.json().passkeys).toEqual([added.json()]);
    const next = await registrationOptions(client);
    expect(next.excludeCredentials).toEqual([{ id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal'] }]);
    const audited = await context.db.selectFrom('audit_log').select('action').where('actor_id', '=', client.id).execute();
    expect(audited.map((row) => row.action)).toContain('auth.passkeyAdded');
  });

  it('refuses an answer to a used, expired or another client’s challenge', async () => {
    const client = await createSignedInClient(context);
    const other = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    const response = authenticator.register(await registrationOptions(client));
    expect((await addPasskey(other, response)).statusCode).toBe(400);
    expect((await addPasskey(client, response)).statusCode).toBe(201);
    expect((await addPasskey(client, response)).statusCode).toBe(400);

    const late = authenticator.register(await registrationOptions(client));
    await expireChallenges();
    expect((await addPasskey(client, late)).statusCode).toBe(400);
  });

  it('refuses an answer for another origin or relying party, or without the person verified', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const refused = await addPasskey(client, authenticator.register(await registrationOptions(client), overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    expect((await call('GET', '/api/user/passkeys', undefined, client)).json().passkeys).toEqual([]);
  });

  it('refuses a name that is empty or too long', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    const response = authenticator.register(await registrationOptions(client));
    expect((await addPasskey(client, response, '   ')).json().fields).toEqual({ name: 'validation.passkeyName.required' });
    expect((await addPasskey(client, response, 'x'.repeat(65))).statusCode).toBe(400);
  });
});

describe('adding a passkey with the authenticator app on', () => {
  it('takes the app’s code besides the password, and mails the client when a passkey is added or removed', async () => {
    const client = await createSignedInClient(context);
    const setup = await call('POST', '/api/user/two-factor/setup', {}, client);
    const { secret } = setup.json<{ secret: string }>();
    expect((await call('POST', '/api/user/two-factor/enable', { password: TEST_PASSWORD, code: await totpCode(secret) }, client)).statusCode).toBe(200);
    // The password alone no longer does: a passkey would sign in without the app.
    const passwordOnly = await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD }, client);
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().fields).toEqual({ code: 'validation.code.required' });
    expect((await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD, code: '000000' }, client)).json().fields).toEqual({
      code: 'validation.totpCode.wrong',
    });
    const options = await call('POST', '/api/user/passkeys/options', { password: TEST_PASSWORD, code: await totpCode(secret, new Date(Date.now() + 30_000)) }, client);
    expect(options.statusCode, options.body).toBe(200);
    const added = await addPasskey(client, new SoftwareAuthenticator(origin).register(options.json()), 'Phone');
    expect(added.statusCode, added.body).toBe(201);
    await call('DELETE', `/api/user/passkeys/${added.json<{ id: string }>().id}`, undefined, client);
    await context.app.background.settled();
    // Each mail goes after its answer, so the two may arrive in either order.
    const mails = context.mails.filter((mail) => mail.to === client.email).map((mail) => mail.subject);
    expect(mails).toHaveLength(2);
    expect(mails).toEqual(expect.arrayContaining([expect.stringContaining('A passkey was added'), expect.stringContaining('A passkey was removed')]));
  });
});

describe('signing in with a passkey', () => {
  it('signs the client in without password or code, with a token that works', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    await addedPasskey(client, authenticator);
    const options = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(new URL(context.config.appUrl).hostname);

    const signedIn = await call('POST', '/api/login/passkey', { response: authenticator.authenticate(options) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { userToken, email } = signedIn.json<{ userToken: string; email: string }>();
    expect(email).toBe(client.email);
    expect(signedIn.headers['set-cookie']).toBeDefined();
    const me = await context.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${userToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(client.email);

    const [passkey] = (await call('GET', '/api/user/passkeys', undefined, client)).json<{ passkeys: Array<{ lastUsedAt: string | null }> }>().passkeys;
    expect(passkey!.lastUsedAt).not.toBeNull();
    const audited = await context.db.selectFrom('audit_log').select('after').where('actor_id', '=', client.id).where('action', '=', 'auth.signIn').execute();
    expect(audited.map((row) => (row.after as { purpose: string }).purpose)).toEqual(['login-passkey']);
  });

  it('takes each challenge once, and only within its lifetime', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    await addedPasskey(client, authenticator);
    const response = authenticator.authenticate(await signInOptions());
    expect((await call('POST', '/api/login/passkey', { response })).statusCode).toBe(200);
    const again = await call('POST', '/api/login/passkey', { response });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CREDENTIALS');

    // A synced passkey reports no counter (0): then the spent challenge alone refuses the replay.
    const uncounted = authenticator.authenticate(await signInOptions(), undefined, { signCount: 0 });
    await context.db.updateTable('client_passkeys').set({ sign_count: 0 }).where('client_id', '=', client.id).execute();
    expect((await call('POST', '/api/login/passkey', { response: uncounted })).statusCode).toBe(200);
    expect((await call('POST', '/api/login/passkey', { response: uncounted })).statusCode).toBe(400);

    const late = authenticator.authenticate(await signInOptions());
    await expireChallenges();
    expect((await call('POST', '/api/login/passkey', { response: late })).statusCode).toBe(400);
    // A challenge made for this very client but for the other ceremony is refused too.
    const misfiled = await registrationOptions(client);
    await context.db.updateTable('webauthn_challenges').set({ purpose: 'authentication' }).where('client_id', '=', client.id).where('used_at', 'is', null).execute();
    expect((await addPasskey(client, authenticator.register(misfiled))).statusCode).toBe(400);
    // A registration's challenge is no sign-in challenge.
    const registration = await registrationOptions(client);
    const crossed = authenticator.authenticate({ challenge: registration.challenge, rpId: registration.rp.id });
    expect((await call('POST', '/api/login/passkey', { response: crossed })).statusCode).toBe(400);
  });

  it('refuses one client’s passkey presented with another client’s user handle', async () => {
    const owner = await createSignedInClient(context);
    const other = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    await addedPasskey(owner, authenticator);
    await addedPasskey(other, new SoftwareAuthenticator(origin));
    const otherHandle = Buffer.from(userHandleOf(other.id)).toString('base64url');
    const refused = await call('POST', '/api/login/passkey', { response: authenticator.authenticate(await signInOptions(), undefined, { userHandle: otherHandle }) });
    expect(refused.statusCode).toBe(400);
    const withoutHandle = authenticator.authenticate(await signInOptions());
    delete withoutHandle.response.userHandle;
    expect((await call('POST', '/api/login/passkey', { response: withoutHandle })).statusCode).toBe(400);
    expect(await context.db.selectFrom('audit_log').select('id').where('actor_id', '=', other.id).where('action', '=', 'auth.signIn').execute()).toEqual([]);
  });

  it('refuses another origin or relying party, an unverified person, a counter that went back, an unknown passkey', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    await addedPasskey(client, authenticator);
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const refused = await call('POST', '/api/login/passkey', { response: authenticator.authenticate(await signInOptions(), undefined, overrides) });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    expect((await call('POST', '/api/login/passkey', { response: authenticator.authenticate(await signInOptions(), undefined, { signCount: 10 }) })).statusCode).toBe(200);
    expect((await call('POST', '/api/login/passkey', { response: authenticator.authenticate(await signInOptions(), undefined, { signCount: 5 }) })).statusCode).toBe(400);
    // A passkey the bank never registered, for the right relying party.
    const stranger = new SoftwareAuthenticator(origin);
    stranger.register({ ...(await registrationOptions(client)) });
    expect((await call('POST', '/api/login/passkey', { response: stranger.authenticate(await signInOptions()) })).statusCode).toBe(400);
    // Each refusal counted against the address, like a failed sign-in.
    const counter = await context.db.selectFrom('auth_counters').select('hits').where('bucket', '=', FAILED_SIGN_INS_PER_ADDRESS.bucket).where('key', '=', '127.0.0.1').executeTakeFirst();
    expect(counter?.hits).toBe(5);
  });

  it('answers malformed answers with a 400, never a 500', async () => {
    const client = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    await addedPasskey(client, authenticator);
    const notJson = Buffer.from('not json').toString('base64url');
    type Answer = ReturnType<SoftwareAuthenticator['authenticate']>;
    // Each is made from a fresh answer, so that its challenge is not refused as spent before the rest is read.
    const variants: Array<(valid: Answer) => unknown> = [
      () => ({}),
      () => ({ response: null }),
      (valid) => ({ response: { ...valid, type: 'password' } }),
      (valid) => ({ response: { ...valid, rawId: 'AAAA' } }),
      (valid) => ({ response: { ...valid, response: { ...valid.response, clientDataJSON: notJson } } }),
      (valid) => ({ response: { ...valid, response: { ...valid.response, clientDataJSON: 'not base64url!' } } }),
      (valid) => ({ response: { ...valid, response: { ...valid.response, authenticatorData: 'AAAA' } } }),
      (valid) => ({ response: { ...valid, response: { ...valid.response, signature: 'AAAA' } } }),
      (valid) => ({ response: { ...valid, response: { ...valid.response, userHandle: 'x'.repeat(200) } } }),
    ];
    for (const variant of variants) {
      const payload = variant(authenticator.authenticate(await signInOptions()));
      const answer = await call('POST', '/api/login/passkey', payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
    }
    const registration = authenticator.register(await registrationOptions(client));
    for (const broken of [
      { ...registration.response, attestationObject: 'AAAA' },
      { ...registration.response, clientDataJSON: notJson },
    ]) {
      expect((await addPasskey(client, { ...registration, response: broken })).statusCode).toBe(400);
    }
  });
});

describe('managing passkeys', () => {
  it('renames and removes only the client’s own passkeys; a removed one signs no one in', async () => {
    const owner = await createSignedInClient(context);
    const other = await createSignedInClient(context);
    const authenticator = new SoftwareAuthenticator(origin);
    const passkeyId = await addedPasskey(owner, authenticator);
    expect((await call('GET', '/api/user/passkeys', undefined, other)).json().passkeys).toEqual([]);
    expect((await call('PATCH', `/api/user/passkeys/${passkeyId}`, { name: 'Mine now' }, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user/passkeys/${passkeyId}`, undefined, other)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/user/passkeys/not-a-uuid', undefined, owner)).statusCode).toBe(400);

    const renamed = await call('PATCH', `/api/user/passkeys/${passkeyId}`, { name: 'Work laptop' }, owner);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkeyId, name: 'Work laptop' });

    const removed = await call('DELETE', `/api/user/passkeys/${passkeyId}`, undefined, owner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBe('Done');
    expect((await call('GET', '/api/user/passkeys', undefined, owner)).json().passkeys).toEqual([]);
    expect((await call('POST', '/api/login/passkey', { response: authenticator.authenticate(await signInOptions()) })).statusCode).toBe(400);
    const audited = await context.db.selectFrom('audit_log').select('action').where('actor_id', '=', owner.id).execute();
    expect(audited.map((row) => row.action)).toContain('auth.passkeyRemoved');
  });
});
