// Proves registration: a personal or business client is created with an argon2id hash and a code is
// mailed; every 409 text of docs/product.md#errors-and-messages is exact; bad fields are a 400 with translation keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, onPostgres, type TestContext } from '../../test/harness';
import { lastCode, newRegistration, post } from '../../test/identity';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('POST /api/registrations', () => {
  it('creates a personal client, hashes the password with argon2id and mails a code', async () => {
    const body = newRegistration({ email: '  New.Client@Example.COM ', phone: '+44 7700 900 001' });
    const response = await post(context, '/api/registrations', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ codeSent: true, expiresInSeconds: 120 });

    const client = await context.db.selectFrom('clients').selectAll().where('email', '=', 'new.client@example.com').executeTakeFirstOrThrow();
    expect(client).toMatchObject({ phone: '+447700900001', account_type: 'personal', email_verified: false, kyc_status: null });
    expect(client.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(client.password_hash).not.toContain(body.password);

    const mail = context.mails.at(-1)!;
    expect(mail.to).toBe('new.client@example.com');
    expect(lastCode(context, 'new.client@example.com')).toMatch(/^\d{6}$/);
    const challenge = await context.db.selectFrom('login_challenges').selectAll().where('client_id', '=', client.id).executeTakeFirstOrThrow();
    expect(challenge.purpose).toBe('registration');
    expect(challenge.code_hash).not.toContain(lastCode(context, 'new.client@example.com'));
  });

  it('creates a business client', async () => {
    const body = newRegistration({ accountType: 'business', type: 'business' });
    expect((await post(context, '/api/registrations', body)).statusCode).toBe(201);
    const client = await context.db.selectFrom('clients').select('account_type').where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(client.account_type).toBe('business');
  });

  it('writes the mail in the language the client reads', async () => {
    const russian = newRegistration({ language: 'ru' });
    await post(context, '/api/registrations', russian);
    expect(context.mails.at(-1)!.subject).toContain('Меридиан Банк');
    const english = newRegistration();
    await post(context, '/api/registrations', english);
    expect(context.mails.at(-1)!.subject).toContain('Meridian Bank');
  });

  it("answers 409 'Email already exist' for a taken e-mail, whatever its case", async () => {
    const first = newRegistration();
    await post(context, '/api/registrations', first);
    const again = await post(context, '/api/registrations', newRegistration({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_EXISTS', message: 'Email already exist' });
  });

  it("answers 409 'Phone already exist' for a taken phone, however it is written", async () => {
    const first = newRegistration({ phone: '+7 912 555-01-23' });
    expect((await post(context, '/api/registrations', first)).statusCode).toBe(201);
    const again = await post(context, '/api/registrations', newRegistration({ phone: '+79125550123' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'PHONE_EXISTS', message: 'Phone already exist' });
  });

  it("answers 409 'Invalid password' for each broken strength rule", async () => {
    for (const password of ['Short1a', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
      const body = newRegistration({ password });
      const response = await post(context, '/api/registrations', body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
      expect(await context.db.selectFrom('clients').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
    }
  });

  it('accepts a long password whole: 64 characters and past the 72 bytes bcrypt would cut', async () => {
    const password = `Aa1${'ж'.repeat(61)}`;
    const body = newRegistration({ password });
    expect((await post(context, '/api/registrations', body)).statusCode).toBe(201);
    const code = lastCode(context, body.email);
    const cut = await post(context, '/api/login', { email: body.email, password: password.slice(0, 40), emailCode: code });
    expect(cut.statusCode).toBe(400);
    const whole = await post(context, '/api/login', { email: body.email, password, emailCode: code });
    expect(whole.statusCode).toBe(200);
  });

  it('answers 400 with translation keys for missing or malformed fields', async () => {
    const response = await post(context, '/api/registrations', { email: 'not-an-email', phone: '12', password: '', accountType: 'gold' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        email: 'validation.email.invalid',
        phone: 'validation.phone.invalid',
        password: 'validation.password.required',
        accountType: 'validation.accountType.required',
      },
    });
  });

  // A race needs a pool of connections: PGlite's one connection would run the two requests in turn.
  it.runIf(onPostgres)('keeps e-mails unique when two registrations race', async () => {
    const body = newRegistration();
    const answers = await Promise.all([
      post(context, '/api/registrations', body),
      post(context, '/api/registrations', { ...body, phone: '+447700911111' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const rows = await context.db.selectFrom('clients').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('audits the registration and the code sent', async () => {
    const body = newRegistration();
    await post(context, '/api/registrations', body);
    const client = await context.db.selectFrom('clients').select('id').where('email', '=', body.email).executeTakeFirstOrThrow();
    const actions = await context.db.selectFrom('audit_log').select('action').where('subject_id', '=', client.id).orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['auth.registered', 'auth.codeSent']);
  });
});
