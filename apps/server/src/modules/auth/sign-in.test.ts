// Proves the two-step sign-in: codes are 6 digits, hashed, bound to their attempt, valid 120 s, work
// once, burn after 5 wrong tries and are replaced by a new step 1; wrong e-mail and wrong password
// answer alike; failures slow down and then 429 per e-mail from one address and per address (the
// lockouts strangers cannot use are proven in lockout.test.ts); tokens are fresh at each
// sign-in, expire and are revoked by logout, and every protected call then says
// 'Invalid authorization data'.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { freshAddress, get, lastCode, post, presetCounter, registerAndSignIn } from '../../test/identity';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS, CODES_PER_EMAIL } from './throttle';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

async function stepOne(email: string, password: string, ip?: string) {
  return post(context, '/api/login/list', { email, password }, { ip });
}

describe('step 1: POST /api/login/list', () => {
  it('mails a 6-digit code valid 120 s when e-mail and password are right', async () => {
    const client = await registerAndSignIn(context);
    const mailsBefore = context.mails.length;
    const response = await stepOne(client.email, client.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ codeSent: true, expiresInSeconds: 120 });
    expect(context.mails.length).toBe(mailsBefore + 1);
    expect(lastCode(context, client.email)).toMatch(/^\d{6}$/);
    const challenge = await context.db
      .selectFrom('login_challenges')
      .innerJoin('clients', 'clients.id', 'login_challenges.client_id')
      .select(['code_hash', sql<number>`extract(epoch from login_challenges.expires_at - login_challenges.created_at)`.as('ttl')])
      .where('clients.email', '=', client.email)
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(challenge.ttl)).toBe(120);
    expect(challenge.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a wrong password and an unknown e-mail identically, and mails nothing', async () => {
    const client = await registerAndSignIn(context);
    const mailsBefore = context.mails.length;
    const wrongPassword = await stepOne(client.email, 'Wrong2024pass');
    const unknownEmail = await stepOne('nobody-here@example.com', client.password);
    expect(wrongPassword.statusCode).toBe(400);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(wrongPassword.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
    expect(context.mails.length).toBe(mailsBefore);
  });

  it('refuses more codes than a person needs (429)', async () => {
    const client = await registerAndSignIn(context);
    await presetCounter(context, CODES_PER_EMAIL.bucket, client.email, CODES_PER_EMAIL.blockAfter, true);
    const response = await stepOne(client.email, client.password);
    expect(response.statusCode).toBe(429);
  });
});

describe('step 2: POST /api/login', () => {
  it('answers the user data of docs/product.md#data with a token, and marks the e-mail verified', async () => {
    const client = await registerAndSignIn(context, { accountType: 'business', type: 'business' });
    await stepOne(client.email, client.password);
    const response = await post(context, '/api/login', { email: client.email, password: client.password, emailCode: lastCode(context, client.email) });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'firstName', 'lastName', 'companyName', 'accountType', 'clientId', 'email', 'phoneNumber', 'callPhone', 'fax', 'address',
        'city', 'country', 'postCode', 'stateOrProvince', 'salutation', 'userToken', 'flags', 'kycList', 'phoneList', 'verificationsList',
      ].sort(),
    );
    expect(user).toMatchObject({
      accountType: 'business',
      email: client.email,
      phoneNumber: client.phone,
      phoneList: [client.phone],
      flags: { kycStatus: null },
      kycList: [],
      verificationsList: { emailVerifyEnabled: true, twoFaVerifyEnabled: false, phoneVerifyEnabled: false },
    });
    expect(user.clientId).toMatch(/^\d{6,}$/);
    expect(Buffer.from(user.userToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const row = await context.db.selectFrom('clients').select('email_verified').where('email', '=', client.email).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(true);

    const me = await get(context, '/api/user/me', user.userToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('gives a new token at every sign-in', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const again = await post(context, '/api/login', { email: client.email, password: client.password, emailCode: lastCode(context, client.email) });
    expect(again.json().userToken).not.toBe(client.token);
    expect((await get(context, '/api/user/me', client.token)).statusCode).toBe(200);
    expect((await get(context, '/api/user/me', again.json().userToken)).statusCode).toBe(200);
  });

  it('accepts a code once', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const body = { email: client.email, password: client.password, emailCode: lastCode(context, client.email) };
    expect((await post(context, '/api/login', body)).statusCode).toBe(200);
    const reuse = await post(context, '/api/login', body);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('INVALID_CREDENTIALS');
  });

  // A race needs a pool of connections: PGlite's one connection would run the two requests in turn.
  it.runIf(onPostgres)('accepts a code once even when two requests race', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const body = { email: client.email, password: client.password, emailCode: lastCode(context, client.email) };
    const answers = await Promise.all([post(context, '/api/login', body), post(context, '/api/login', body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a code after its 120 seconds', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    await context.db
      .updateTable('login_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('client_id', '=', context.db.selectFrom('clients').select('id').where('email', '=', client.email))
      .execute();
    const response = await post(context, '/api/login', { email: client.email, password: client.password, emailCode: lastCode(context, client.email) });
    expect(response.statusCode).toBe(400);
  });

  it('replaces the code when step 1 is repeated', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const first = lastCode(context, client.email);
    // A new code may repeat the old one by chance (one in a million): ask again until it differs.
    let second = first;
    for (let attempt = 0; attempt < 5 && second === first; attempt += 1) {
      await stepOne(client.email, client.password);
      second = lastCode(context, client.email);
    }
    expect(second).not.toBe(first);
    expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: first })).statusCode).toBe(400);
    expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: second })).statusCode).toBe(200);
  });

  it('lets 4 wrong codes pass but burns the code at the 5th', async () => {
    const client = await registerAndSignIn(context);
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    await stepOne(client.email, client.password);
    let code = lastCode(context, client.email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: wrong(code) })).statusCode).toBe(400);
    }
    expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: code })).statusCode).toBe(200);

    await stepOne(client.email, client.password);
    code = lastCode(context, client.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await post(context, '/api/login', { email: client.email, password: client.password, emailCode: wrong(code) });
    }
    expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: code })).statusCode).toBe(400);
    const burned = await context.db
      .selectFrom('login_challenges')
      .select(['closed_reason', 'failed_attempts'])
      .where('client_id', '=', context.db.selectFrom('clients').select('id').where('email', '=', client.email))
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(burned).toEqual({ closed_reason: 'burned', failed_attempts: 5 });
  }, 30_000);

  it('binds the code to the client it was mailed to', async () => {
    const first = await registerAndSignIn(context);
    const second = await registerAndSignIn(context);
    await stepOne(first.email, first.password);
    await stepOne(second.email, second.password);
    // The two codes may match by chance (one in a million): ask the second client again until they differ.
    for (let attempt = 0; attempt < 5 && lastCode(context, first.email) === lastCode(context, second.email); attempt += 1) {
      await stepOne(second.email, second.password);
    }
    expect(lastCode(context, first.email)).not.toBe(lastCode(context, second.email));
    const response = await post(context, '/api/login', { email: second.email, password: second.password, emailCode: lastCode(context, first.email) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    // The second client's own code still works: the wrong one did not sign anybody in.
    expect((await post(context, '/api/login', { email: second.email, password: second.password, emailCode: lastCode(context, second.email) })).statusCode).toBe(200);
  });

  it('needs the right password with the code', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const response = await post(context, '/api/login', { email: client.email, password: 'Wrong2024pass', emailCode: lastCode(context, client.email) });
    expect(response.statusCode).toBe(400);
  });
});

describe('throttling of failed sign-ins', () => {
  it('slows failed answers down once an e-mail has failed a few times from one address', async () => {
    const client = await registerAndSignIn(context);
    const ip = freshAddress();
    await presetCounter(context, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.bucket, `${client.email} ${ip}`, 4);
    const started = Date.now();
    const response = await stepOne(client.email, 'Wrong2024pass', ip);
    expect(response.statusCode).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('refuses an e-mail from one address with 429 after 10 failures, even with the right password, and tells to try later', async () => {
    const client = await registerAndSignIn(context);
    const ip = freshAddress();
    await presetCounter(context, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.bucket, `${client.email} ${ip}`, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter - 1);
    expect((await stepOne(client.email, 'Wrong2024pass', ip)).statusCode).toBe(400);
    const blocked = await stepOne(client.email, client.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please try again later.' });
    expect(blocked.json().details.retryAfterSeconds).toBeGreaterThan(0);
    expect((await post(context, '/api/login', { email: client.email, password: client.password, emailCode: '000000' }, { ip })).statusCode).toBe(429);
  }, 15_000);

  it('counts ten real failures in a row to the block', async () => {
    const client = await registerAndSignIn(context);
    const ip = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter + 1; attempt += 1) {
      statuses.push((await stepOne(client.email, `Wrong${attempt}Pass`, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.blockAfter).fill(400), 429]);
  }, 30_000);

  it('refuses an address with 429 after many failures across e-mails', async () => {
    const client = await registerAndSignIn(context);
    const ip = freshAddress();
    await presetCounter(context, FAILED_SIGN_INS_PER_ADDRESS.bucket, ip, FAILED_SIGN_INS_PER_ADDRESS.blockAfter - 1);
    await stepOne('someone-else@example.com', 'Wrong2024pass', ip);
    expect((await stepOne(client.email, client.password, ip)).statusCode).toBe(429);
    expect((await stepOne(client.email, client.password, freshAddress())).statusCode).toBe(200);
  }, 15_000);

  it('forgets the failures of an e-mail from an address after a successful sign-in from there', async () => {
    const client = await registerAndSignIn(context);
    const ip = freshAddress();
    await presetCounter(context, FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.bucket, `${client.email} ${ip}`, 3);
    await stepOne(client.email, client.password, ip);
    await post(context, '/api/login', { email: client.email, password: client.password, emailCode: lastCode(context, client.email) }, { ip });
    const counter = await context.db.selectFrom('auth_counters').select('hits').where('bucket', '=', FAILED_SIGN_INS_PER_EMAIL_AND_ADDRESS.bucket).where('key', '=', `${client.email} ${ip}`).executeTakeFirst();
    expect(counter).toBeUndefined();
  });

  it('limits the calls of one address per minute on every server', async () => {
    const ip = freshAddress();
    const statuses = new Set<number>();
    for (let call = 0; call < 61; call += 1) statuses.add((await post(context, '/api/login/list', {}, { ip })).statusCode);
    expect([...statuses].sort()).toEqual([400, 429]);
  });

  it('audits failed sign-ins, codes sent and sign-ins', async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, 'Wrong2024pass');
    const clientId = (await context.db.selectFrom('clients').select('id').where('email', '=', client.email).executeTakeFirstOrThrow()).id;
    const rows = await context.db.selectFrom('audit_log').select(['action', 'subject_id', 'after']).where('action', 'like', 'auth.%').orderBy('id').execute();
    const own = rows.filter((row) => row.subject_id === clientId).map((row) => row.action);
    expect(own).toEqual(['auth.registered', 'auth.codeSent', 'auth.signIn']);
    const failed = rows.filter((row) => row.action === 'auth.signInFailed').at(-1)!;
    expect(failed.after).toMatchObject({ email: client.email, step: 1, reason: 'credentials' });
  });
});

describe('tokens', () => {
  it("refuses a missing, unknown, expired or revoked token with 401 'Invalid authorization data'", async () => {
    const expectRefused = async (token: string | undefined) => {
      const response = await get(context, '/api/user/me', token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid authorization data');
    };
    await expectRefused(undefined);
    await expectRefused('x'.repeat(43));

    const idle = await registerAndSignIn(context);
    await context.db.updateTable('sessions').set({ idle_expires_at: sql<Date>`now() - interval '1 second'` }).where('subject_id', '=', context.db.selectFrom('clients').select('id').where('email', '=', idle.email)).execute();
    await expectRefused(idle.token);

    const old = await registerAndSignIn(context);
    await context.db.updateTable('sessions').set({ absolute_expires_at: sql<Date>`now() - interval '1 second'` }).where('subject_id', '=', context.db.selectFrom('clients').select('id').where('email', '=', old.email)).execute();
    await expectRefused(old.token);
  });

  it("slides the inactivity window but never past the 12 hours", async () => {
    const client = await registerAndSignIn(context);
    const clientId = context.db.selectFrom('clients').select('id').where('email', '=', client.email);
    // Last seen over a minute ago, so this request slides the window (it moves at most once a minute).
    await context.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '2 minutes'`, idle_expires_at: sql<Date>`now() + interval '1 minute'`, absolute_expires_at: sql<Date>`now() + interval '10 minutes'` })
      .where('subject_id', '=', clientId)
      .execute();
    await get(context, '/api/user/me', client.token);
    const session = await context.db.selectFrom('sessions').select(['idle_expires_at', 'absolute_expires_at']).where('subject_id', '=', clientId).executeTakeFirstOrThrow();
    expect(session.idle_expires_at.getTime()).toBe(session.absolute_expires_at.getTime());
  });

  it("logs out: 'Done', then the token is refused; other sessions stay", async () => {
    const client = await registerAndSignIn(context);
    await stepOne(client.email, client.password);
    const other = (await post(context, '/api/login', { email: client.email, password: client.password, emailCode: lastCode(context, client.email) })).json().userToken;
    const response = await post(context, '/api/logout', {}, { token: client.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toBe('"Done"');
    expect((await get(context, '/api/user/me', client.token)).statusCode).toBe(401);
    expect((await post(context, '/api/logout', {}, { token: client.token })).statusCode).toBe(401);
    expect((await get(context, '/api/user/me', other)).statusCode).toBe(200);
    const audit = await context.db.selectFrom('audit_log').select('action').where('action', '=', 'auth.signOut').execute();
    expect(audit.length).toBeGreaterThan(0);
  });
});
