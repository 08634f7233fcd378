// Proves the password calls: refresh always answers 'Done' and mails a single-use reset link valid
// 30 minutes only to clients; reset applies the strength rule and signs out everywhere; change checks
// the current password and the confirmation, answers 'Done' and signs out every other session.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInClient } from '../../test/clients';
import { createTestContext, type TestContext } from '../../test/harness';
import { freshAddress, get, lastCode, post, registerAndSignIn } from '../../test/identity';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ appUrl: 'https://bank.test' });
});
afterAll(() => context.close());

/** The token of the last reset link mailed to `email`, read the way a person would: from the mail. */
function mailedResetToken(email: string): string {
  const mail = [...context.mails].reverse().find((message) => message.to === email && message.text.includes('/reset_password?token='));
  if (!mail) throw new Error(`no reset link mailed to ${email}`);
  const link = /https:\/\/bank\.test\/reset_password\?token=([\w-]+)/.exec(mail.text);
  return decodeURIComponent(link![1]!);
}

/** Asks for a reset link as the forgot-password screen does, then waits for the work done after the answer. */
async function refresh(email: string) {
  const response = await post(context, '/api/user/password/refresh', { email });
  await context.app.background.settled();
  return response;
}

async function signIn(email: string, password: string) {
  const first = await post(context, '/api/login/list', { email, password });
  if (first.statusCode !== 200) return first;
  return post(context, '/api/login', { email, password, emailCode: lastCode(context, email) });
}

describe('POST /api/user/password/refresh', () => {
  it("answers 'Done' and mails a reset link to APP_URL/reset_password", async () => {
    const client = await registerAndSignIn(context);
    const response = await refresh(client.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('"Done"');
    expect(mailedResetToken(client.email).length).toBeGreaterThanOrEqual(22);
    const row = await context.db
      .selectFrom('password_resets')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('ttl'))
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(row.ttl)).toBe(30 * 60);
  });

  it("answers the same 'Done' for an e-mail that is nobody's, and mails nothing", async () => {
    const before = context.mails.length;
    const response = await refresh('stranger@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('"Done"');
    expect(context.mails.length).toBe(before);
  });

  it('takes as long for a client’s address as for a stranger’s: the work is done after the answer', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string, into: number[]) => {
      const started = process.hrtime.bigint();
      const response = await context.answerOnly({ method: 'POST', url: '/api/user/password/refresh', payload: { email }, remoteAddress: freshAddress() });
      into.push(Number(process.hrtime.bigint() - started) / 1e6);
      expect(response.body).toBe('"Done"');
      await context.app.background.settled();
    };
    // A client of its own each round, so each asks for its first link (the per-address mail limit
    // never cuts the work short); interleaved, so whatever else the machine does falls on both alike.
    const clients = [];
    for (let round = 0; round < 30; round += 1) clients.push(await createSignedInClient(context));
    for (const [round, client] of clients.entries()) {
      await timed(client.email, known);
      await timed(`stranger-${round}@example.com`, unknown);
    }
    const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]!;
    // Before the work moved after the answer, a client's address took over twice a stranger's.
    expect(median(known)).toBeLessThan(median(unknown) * 1.5 + 1);
  });

  it('stops mailing one address after a few links, with the same answer', async () => {
    const client = await registerAndSignIn(context);
    for (let call = 0; call < 5; call += 1) await refresh(client.email);
    const before = context.mails.length;
    const response = await refresh(client.email);
    expect(response.body).toBe('"Done"');
    expect(context.mails.length).toBe(before);
  });
});

describe('POST /api/user/password/reset', () => {
  it('sets the new password from the mailed link and signs out every session', async () => {
    const client = await registerAndSignIn(context);
    await refresh(client.email);
    const token = mailedResetToken(client.email);
    const response = await post(context, '/api/user/password/reset', { token, newPassword: 'Renewed2025pass' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('"Done"');
    expect((await get(context, '/api/user/me', client.token)).statusCode).toBe(401);
    expect((await signIn(client.email, client.password)).statusCode).toBe(400);
    expect((await signIn(client.email, 'Renewed2025pass')).statusCode).toBe(200);
    const audit = await context.db.selectFrom('audit_log').select('action').where('action', 'in', ['auth.passwordResetRequested', 'auth.passwordReset']).execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('uses a link once', async () => {
    const client = await registerAndSignIn(context);
    await refresh(client.email);
    const token = mailedResetToken(client.email);
    expect((await post(context, '/api/user/password/reset', { token, newPassword: 'Renewed2025pass' })).statusCode).toBe(200);
    const again = await post(context, '/api/user/password/reset', { token, newPassword: 'Another2025pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { token: 'validation.resetToken.invalid' } });
  });

  it('refuses a link after 30 minutes, and an earlier link once a newer one is mailed', async () => {
    const client = await registerAndSignIn(context);
    await refresh(client.email);
    const older = mailedResetToken(client.email);
    await refresh(client.email);
    const newer = mailedResetToken(client.email);
    expect((await post(context, '/api/user/password/reset', { token: older, newPassword: 'Renewed2025pass' })).statusCode).toBe(400);
    await context.db.updateTable('password_resets').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('used_at', 'is', null).execute();
    expect((await post(context, '/api/user/password/reset', { token: newer, newPassword: 'Renewed2025pass' })).statusCode).toBe(400);
  });

  it('applies the strength rule and keeps the link for another try', async () => {
    const client = await registerAndSignIn(context);
    await refresh(client.email);
    const token = mailedResetToken(client.email);
    const weak = await post(context, '/api/user/password/reset', { token, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe('validation.password.uppercase');
    expect((await post(context, '/api/user/password/reset', { token, newPassword: 'Strong2025pass' })).statusCode).toBe(200);
  });
});

describe('POST /api/user/password/change', () => {
  const change = (token: string, body: Record<string, string>) => post(context, '/api/user/password/change', body, { token });

  it("answers 'Done', signs out the other sessions and keeps this one", async () => {
    const client = await registerAndSignIn(context);
    const other = (await signIn(client.email, client.password)).json().userToken as string;
    const response = await change(client.token, { oldPassword: client.password, newPassword: 'Changed2025pass', confirmPassword: 'Changed2025pass' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('"Done"');
    expect((await get(context, '/api/user/me', client.token)).statusCode).toBe(200);
    expect((await get(context, '/api/user/me', other)).statusCode).toBe(401);
    expect((await signIn(client.email, 'Changed2025pass')).statusCode).toBe(200);
    // The change's notice, then the new sign-in's code and its new-device alert.
    expect(context.mails.slice(-3).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/password was changed/i),
      expect.stringMatching(/sign-in code/i),
      expect.stringMatching(/new device/i),
    ]);
  });

  it('checks the current password', async () => {
    const client = await registerAndSignIn(context);
    const response = await change(client.token, { oldPassword: 'NotMine2024x', newPassword: 'Changed2025pass', confirmPassword: 'Changed2025pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { oldPassword: 'validation.password.wrongCurrent' } });
    expect((await signIn(client.email, client.password)).statusCode).toBe(200);
  });

  it('needs the confirmation to match and the new password to be strong', async () => {
    const client = await registerAndSignIn(context);
    const mismatch = await change(client.token, { oldPassword: client.password, newPassword: 'Changed2025pass', confirmPassword: 'Changed2025pas' });
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'validation.password.mismatch' });
    const weak = await change(client.token, { oldPassword: client.password, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.json().fields).toEqual({ newPassword: 'validation.password.minLength' });
    const missing = await change(client.token, {});
    expect(Object.keys(missing.json().fields).sort()).toEqual(['confirmPassword', 'newPassword', 'oldPassword']);
  });

  it('locks the form after ten wrong current passwords', async () => {
    const client = await registerAndSignIn(context);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await change(client.token, { oldPassword: `Wrong${attempt}xYz`, newPassword: 'Changed2025pass', confirmPassword: 'Changed2025pass' });
    }
    const locked = await change(client.token, { oldPassword: client.password, newPassword: 'Changed2025pass', confirmPassword: 'Changed2025pass' });
    expect(locked.statusCode).toBe(429);
  }, 20_000);

  it('needs a token', async () => {
    const response = await post(context, '/api/user/password/change', { oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid authorization data');
  });
});
