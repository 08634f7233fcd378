// Proves POST /api/mailer/sendContactFormData: a valid form is stored and mailed to the contact
// address; invalid, oversized and malformed bodies are a 400 that stores and mails nothing; a mail
// server that fails loses no message (its mail waits in the outbox); and one address is rate-limited.
import { CONTACT_FIELD_LIMITS, contactFormSchema } from '@bank/contracts/contact/send-contact-form';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { CONTACT_RATE_LIMIT } from './routes';

const URL = '/api/mailer/sendContactFormData';
const valid = { name: 'Anna Petrova', email: 'anna.petrova@example.com', phone: '+7 912 555-01-23', message: 'Please call me about a corporate account.' };

let context: TestContext;
/** Each test comes from its own address, so the rate limit of one never touches another. */
let nextAddress = 1;
const address = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  context = await createTestContext({ contactEmail: 'desk@bank.example' });
});
afterAll(() => context.close());
afterEach(async () => {
  await context.db.deleteFrom('contact_messages').execute();
  context.mails.length = 0;
});

function send(payload: unknown, options: { ip?: string; contentType?: string } = {}) {
  return context.app.inject({
    method: 'POST',
    url: URL,
    remoteAddress: options.ip ?? address(),
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function storedCount(): Promise<number> {
  const row = await context.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('a valid form', () => {
  it('is stored, mailed to the contact address and answered with JSON', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ status: 'received' });

    const rows = await context.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: valid.name, email: valid.email, phone: valid.phone, message: valid.message });

    expect(context.mails).toHaveLength(1);
    const mail = context.mails[0]!;
    expect(mail.to).toBe('desk@bank.example');
    expect(mail.subject).toBe('Contact form: Anna Petrova');
    for (const part of [valid.name, valid.email, valid.phone, valid.message, rows[0]!.id]) expect(mail.text).toContain(part);
  });

  it('needs no message (the home form) and trims the fields', async () => {
    const response = await send({ name: '  Ivan  ', email: ' ivan@example.ru ', phone: ' 123 ' });
    expect(response.statusCode).toBe(200);
    const row = await context.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ivan', email: 'ivan@example.ru', phone: '123', message: null });
    expect(context.mails[0]!.text).toContain('asks to be contacted');
  });

  it('drops unknown fields', async () => {
    const response = await send({ ...valid, admin: 'granted-by-body', ip: '1.1.1.1' }, { ip: '10.200.0.7' });
    expect(response.statusCode).toBe(200);
    // The address stored is the connection's, not the one the body claims.
    const row = await context.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.ip).toBe('10.200.0.7');
    // Nothing of the unknown fields reaches the bank's mail.
    expect(context.mails).toHaveLength(1);
    expect(context.mails[0]!.text).not.toContain('granted-by-body');
    expect(context.mails[0]!.text).not.toContain('1.1.1.1');
    expect(Object.keys(contactFormSchema.parse({ ...valid, admin: true, ip: '1.1.1.1' })).sort()).toEqual(['email', 'message', 'name', 'phone']);
  });

  it('is kept, its mail waiting in the outbox, when the mail server fails', async () => {
    const failing = await createTestContext({}, {
      mailer: { send: () => Promise.reject(new Error('SMTP down')), describe: () => 'failing', close: () => undefined },
    });
    try {
      const response = await failing.app.inject({ method: 'POST', url: URL, payload: valid });
      expect(response.statusCode).toBe(200);
      const row = await failing.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
      const mail = await failing.db.selectFrom('outgoing_mail').selectAll().executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ recipient: failing.config.contactEmail, subject: `Contact form: ${valid.name}`, delivered_at: null, attempts: 1, last_error: 'SMTP down' });
      expect(row.id).toBeTruthy();
    } finally {
      await failing.close();
    }
  });
});

describe('a bad request', () => {
  it.each([
    ['no name', { ...valid, name: '' }, { name: 'validation.nameRequired' }],
    ['a blank name', { ...valid, name: '   ' }, { name: 'validation.nameRequired' }],
    ['no e-mail', { ...valid, email: '' }, { email: 'validation.emailInvalid' }],
    ['an e-mail without a domain', { ...valid, email: 'anna@' }, { email: 'validation.emailInvalid' }],
    ['an e-mail without a top-level domain', { ...valid, email: 'anna@example' }, { email: 'validation.emailInvalid' }],
    ['an e-mail with a space', { ...valid, email: 'an na@example.com' }, { email: 'validation.emailInvalid' }],
    ['no phone', { name: 'Anna', email: 'a@example.com' }, { phone: 'validation.phoneRequired' }],
    ['a name with a line break', { ...valid, name: 'Anna\r\nBcc: x@example.com' }, { name: 'validation.invalidCharacters' }],
    ['a number as the name', { ...valid, name: 42 }, { name: 'validation.nameRequired' }],
    ['a name over the limit', { ...valid, name: 'a'.repeat(CONTACT_FIELD_LIMITS.name + 1) }, { name: 'validation.tooLong' }],
    ['a message over the limit', { ...valid, message: 'a'.repeat(CONTACT_FIELD_LIMITS.message + 1) }, { message: 'validation.tooLong' }],
  ])('with %s is a 400 with the field error', async (_label, payload, fields) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await storedCount()).toBe(0);
    expect(context.mails).toHaveLength(0);
  });

  it.each([
    ['broken JSON', '{"name": "Anna", ', 'application/json'],
    ['a JSON array', '[1, 2, 3]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['form encoding', 'name=Anna&email=a%40example.com&phone=1', 'application/x-www-form-urlencoded'],
    ['plain text', 'hello', 'text/plain'],
  ])('with %s is a 400 and stores nothing', async (_label, payload, contentType) => {
    const response = await send(payload, { contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('code');
    expect(response.body).not.toContain('stack');
    expect(await storedCount()).toBe(0);
    expect(context.mails).toHaveLength(0);
  });

  it('with an oversized body is a 400 and stores nothing', async () => {
    const response = await send({ ...valid, message: 'я'.repeat(40_000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Request body is too large' });
    expect(await storedCount()).toBe(0);
    expect(context.mails).toHaveLength(0);
  });

  it('fits every field at its limit in Cyrillic under the body limit', async () => {
    const response = await send({
      name: 'я'.repeat(CONTACT_FIELD_LIMITS.name),
      email: valid.email,
      phone: '7'.repeat(CONTACT_FIELD_LIMITS.phone),
      message: 'я'.repeat(CONTACT_FIELD_LIMITS.message),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('refuses an address past the limit with 429, while other addresses still get through', async () => {
    const ip = address();
    for (let attempt = 0; attempt < CONTACT_RATE_LIMIT.max; attempt += 1) {
      expect((await send(valid, { ip })).statusCode).toBe(200);
    }
    const refused = await send(valid, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await storedCount()).toBe(CONTACT_RATE_LIMIT.max);

    expect((await send(valid)).statusCode).toBe(200);
  });
});
