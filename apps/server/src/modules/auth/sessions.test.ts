// Proves the client's sessions and devices (issue 13, server side): each session remembers its
// browser and address and the client lists their own live ones, the asking one marked; ending one
// (or all the others) refuses its token on the very next request, and nobody can end another
// client's session. A sign-in from a device the client has not used before mails an alert in the
// client's language with the time, the device and the address; the device cookie makes the next
// sign-in from that browser quiet again.
import type { ClientSession } from '@bank/contracts/auth/sessions';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, secretRing } from '../../lib/crypto';
import type { MailMessage } from '../../lib/mailer';
import { createSignedInClient, TEST_PASSWORD, type TestClient } from '../../test/clients';
import { capturingMailer, createTestContext, type TestContext } from '../../test/harness';
import { describeDevice, maskIp } from './device-description';
import { DEVICE_COOKIE } from './devices';
import { createSession, touchSession } from './sessions';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface SignedIn {
  token: string;
  headers: { authorization: string };
  /** The device cookie the answer set. */
  deviceCookie: string;
}

/**
 * A full sign-in through the API from a browser with `userAgent`, sending `deviceCookie` if given;
 * answers the new session and the device cookie, once the work after the answer (the alert) is done.
 */
async function signIn(client: TestClient, userAgent: string, deviceCookie?: string, language: 'en' | 'ru' = 'en'): Promise<SignedIn> {
  const headers = { 'user-agent': userAgent, ...(deviceCookie ? { cookie: `${DEVICE_COOKIE}=${deviceCookie}` } : {}) };
  const first = await context.app.inject({ method: 'POST', url: '/api/login/list', headers, payload: { email: client.email, password: TEST_PASSWORD, language } });
  expect(first.statusCode, first.body).toBe(200);
  const code = /\b(\d{6})\b/.exec(context.mails.filter((mail) => mail.to === client.email).at(-1)!.text)![1]!;
  const answer = await context.app.inject({ method: 'POST', url: '/api/login', headers, payload: { email: client.email, password: TEST_PASSWORD, emailCode: code } });
  expect(answer.statusCode, answer.body).toBe(200);
  await context.app.background.settled();
  const setCookie = String(answer.headers['set-cookie']);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Strict');
  expect(setCookie).toContain('Path=/api/login');
  const token = answer.json<{ userToken: string }>().userToken;
  return { token, headers: { authorization: `Bearer ${token}` }, deviceCookie: new RegExp(`${DEVICE_COOKIE}=([^;]+)`).exec(setCookie)![1]! };
}

const alertsTo = (client: TestClient) => context.mails.filter((mail) => mail.to === client.email && !/\b\d{6}\b/.test(mail.text));

async function listSessions(headers: { authorization: string }): Promise<ClientSession[]> {
  const answer = await context.app.inject({ method: 'GET', url: '/api/user/sessions', headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ sessions: ClientSession[] }>().sessions;
}

const me = (headers: { authorization: string }) => context.app.inject({ method: 'GET', url: '/api/user/me', headers });
const endSession = (headers: { authorization: string }, id: string) => context.app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers });

describe('sessions and devices', () => {
  it('lists the client’s own live sessions with browser, system, masked address, and the asking one marked', async () => {
    const client = await createSignedInClient(context);
    const desktop = await signIn(client, CHROME_ON_WINDOWS);
    const phone = await signIn(client, SAFARI_ON_IPHONE);
    const sessions = await listSessions(desktop.headers);
    // The test client's own first session (made without a browser) is listed too.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]!.current).toBe(true);
    const current = sessions.filter((session) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', kind: 'desktop', ipMasked: '127.0.0.•••' });
    expect(sessions).toContainEqual(expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17.5', kind: 'mobile', current: false }));
    for (const session of sessions) expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    // Another client sees only their own.
    const other = await createSignedInClient(context);
    const others = await listSessions(other.headers);
    expect(others).toHaveLength(1);
    expect(others[0]!.current).toBe(true);
    expect((await me(phone.headers)).statusCode).toBe(200);
  });

  it('ends one session: its very next request is a 401; another client’s session cannot be ended', async () => {
    const client = await createSignedInClient(context);
    const stranger = await createSignedInClient(context);
    const laptop = await signIn(client, CHROME_ON_WINDOWS);
    const phone = await signIn(client, SAFARI_ON_IPHONE);
    const phoneSession = (await listSessions(phone.headers)).find((session) => session.current)!;
    expect((await me(phone.headers)).statusCode).toBe(200);

    // A stranger cannot end it (nor learn that it exists), and a malformed id is a 400.
    expect((await endSession(stranger.headers, phoneSession.id)).statusCode).toBe(404);
    expect((await me(phone.headers)).statusCode).toBe(200);
    expect((await endSession(stranger.headers, 'not-a-session')).statusCode).toBe(400);

    const ended = await endSession(laptop.headers, phoneSession.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(phone.headers)).statusCode).toBe(401);
    expect((await listSessions(laptop.headers)).map((session) => session.id)).not.toContain(phoneSession.id);
    expect((await endSession(laptop.headers, phoneSession.id)).statusCode).toBe(404);
    const audit = await context.db.selectFrom('audit_log').select('after').where('action', '=', 'auth.sessionEnded').where('actor_id', '=', client.id).execute();
    expect(audit).toHaveLength(1);
  });

  it('ends every other session at once and keeps the asking one', async () => {
    const client = await createSignedInClient(context);
    const a = await signIn(client, CHROME_ON_WINDOWS);
    const b = await signIn(client, SAFARI_ON_IPHONE);
    const answer = await context.app.inject({ method: 'POST', url: '/api/user/sessions/end-others', headers: b.headers, payload: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ended: 2 });
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(client.headers)).statusCode).toBe(401);
    expect((await me(b.headers)).statusCode).toBe(200);
    expect(await listSessions(b.headers)).toHaveLength(1);
  });

  it('is refused without a session', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'POST', url: '/api/user/sessions/end-others', payload: {} })).statusCode).toBe(401);
  });
});

describe('new-device alerts', () => {
  it('mail the client, in their language, when they sign in from a device not seen before, and only then', async () => {
    const client = await createSignedInClient(context);
    // A client who has never signed in (the test's own session removed): the first device is not news.
    await context.db.deleteFrom('sessions').where('subject_id', '=', client.id).execute();
    const first = await signIn(client, CHROME_ON_WINDOWS, undefined, 'ru');
    expect(alertsTo(client)).toHaveLength(0);
    // The same browser (its cookie) again: quiet, and the cookie gets a new token each time.
    const again = await signIn(client, CHROME_ON_WINDOWS, first.deviceCookie, 'ru');
    expect(again.deviceCookie).not.toBe(first.deviceCookie);
    expect(alertsTo(client)).toHaveLength(0);

    // Another device: an alert, in Russian, the language the client signs in with.
    await signIn(client, SAFARI_ON_IPHONE, undefined, 'ru');
    const [alert] = alertsTo(client);
    expect(alertsTo(client)).toHaveLength(1);
    expect(alert!.subject).toContain('Вход в интернет-банк с нового устройства');
    expect(alert!.text).toMatch(/Время: \d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2} UTC/);
    expect(alert!.text).toContain('Устройство: Safari 17 на iOS 17.5');
    expect(alert!.text).toContain('IP-адрес: 127.0.0.1');
    expect(alert!.text).toContain(`${context.config.appUrl}/kabinet#sessions`);

    // A cookie that is not this client's device now (another client's, a replaced one, or forged) is a new device.
    const stranger = await createSignedInClient(context);
    const strangers = await signIn(stranger, CHROME_ON_WINDOWS);
    await signIn(client, CHROME_ON_WINDOWS, strangers.deviceCookie, 'en');
    expect(alertsTo(client)).toHaveLength(2);
    expect(alertsTo(client)[1]!.subject).toContain('New sign-in from a new device');
    expect(alertsTo(client)[1]!.text).toContain('Device: Chrome 131 on Windows 10');
    await signIn(client, CHROME_ON_WINDOWS, first.deviceCookie, 'en');
    expect(alertsTo(client)).toHaveLength(3);
    await signIn(client, CHROME_ON_WINDOWS, 'forged', 'en');
    expect(alertsTo(client)).toHaveLength(4);
  });

  it('count a client who signed in before devices were remembered: their first device is news', async () => {
    const client = await createSignedInClient(context);
    await signIn(client, CHROME_ON_WINDOWS);
    expect(alertsTo(client)).toHaveLength(1);
  });

  it('never put text of the sender’s choosing into the mail', async () => {
    const client = await createSignedInClient(context);
    await signIn(client, 'Secure-your-account-at-https://evil.example/2 (no action needed)');
    const [alert] = alertsTo(client);
    expect(alert!.text).toContain('Device: unknown');
    expect(alert!.text).not.toContain('evil');
  });

  it('never holds up or refuses the sign-in when the mail server fails, and loses no alert', async () => {
    const delivered: MailMessage[] = [];
    let alertsTried = 0;
    const failing = await createTestContext(
      {},
      {
        mailer: {
          ...capturingMailer(delivered),
          async send(message) {
            if (!message.subject.includes('new device')) return void delivered.push(message);
            alertsTried += 1;
            throw new Error('mail server down');
          },
        },
      },
    );
    try {
      const client = await createSignedInClient(failing);
      for (const userAgent of [CHROME_ON_WINDOWS, SAFARI_ON_IPHONE]) {
        await failing.app.inject({ method: 'POST', url: '/api/login/list', headers: { 'user-agent': userAgent }, payload: { email: client.email, password: TEST_PASSWORD } });
        const code = /\b(\d{6})\b/.exec(delivered.at(-1)!.text)![1]!;
        const answer = await failing.app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': userAgent }, payload: { email: client.email, password: TEST_PASSWORD, emailCode: code } });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      expect(alertsTried).toBe(2);
      // Nothing is lost: both alerts wait in the outbox for the delivery job's next try.
      const waiting = await failing.db.selectFrom('outgoing_mail').select('subject').where('delivered_at', 'is', null).execute();
      expect(waiting.map((mail) => mail.subject.includes('new device'))).toEqual([true, true]);
    } finally {
      await failing.close();
    }
  });
});

describe('what a client is shown of a device', () => {
  it('names browser and system from the user agent', () => {
    expect(describeDevice(CHROME_ON_WINDOWS)).toEqual({ browser: 'Chrome 131', os: 'Windows 10', kind: 'desktop' });
    expect(describeDevice(SAFARI_ON_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS 17.5', kind: 'mobile' });
    expect(describeDevice(undefined)).toEqual({ browser: null, os: null, kind: 'other' });
    expect(describeDevice('curl/8.5.0').kind).toBe('other');
    // A name bowser does not know is not shown: the user agent is the sender's own text.
    expect(describeDevice('Call-us-at-+44-20-0000/1').browser).toBeNull();
  });

  it('hides the host part of an address', () => {
    expect(maskIp('203.0.113.42')).toBe('203.0.113.•••');
    expect(maskIp('::ffff:198.51.100.7')).toBe('198.51.100.•••');
    expect(maskIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:…');
    expect(maskIp('2001:db8::1')).toBe('2001:db8:…');
    expect(maskIp('::1')).toBe('::…');
    expect(maskIp(null)).toBeNull();
    expect(maskIp('garbage')).toBeNull();
  });
});

describe('the session’s row written only when it slides or is re-hashed', () => {
  /** Each write of a session's row, as a trigger of this test's database sees it. */
  const writes = async () =>
    (await sql<{ session_id: string; slid: boolean; rehashed: boolean }>`select session_id, slid, rehashed from session_write_probe order by id`.execute(context.db)).rows;

  beforeAll(async () => {
    await sql`create table session_write_probe (id serial primary key, session_id uuid not null, slid boolean not null, rehashed boolean not null)`.execute(context.db);
    await sql`
      create function session_write_probe() returns trigger language plpgsql as $$
      begin
        insert into session_write_probe (session_id, slid, rehashed)
        values (new.id, new.idle_expires_at <> old.idle_expires_at, new.token_hash <> old.token_hash);
        return new;
      end $$`.execute(context.db);
    await sql`create trigger session_write_probe before update on sessions for each row execute function session_write_probe()`.execute(context.db);
  });

  const RING = secretRing('current-secret-of-this-test-0123456789');

  /** A session of a new client, last used `minutesAgo` minutes ago, and its id. */
  async function sessionSeen(minutesAgo: number, ring = RING): Promise<{ token: string; id: string }> {
    const client = await createSignedInClient(context);
    const token = await createSession(context.db, ring, 'client', client.id);
    const row = await context.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})` })
      .where('token_hash', '=', hashSecret(token, ring.current))
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`truncate session_write_probe`.execute(context.db);
    return { token, id: row.id };
  }

  it('only reads a session seen within the minute whose hash is current', async () => {
    const { token } = await sessionSeen(0);
    expect(await touchSession(context.db, RING, token, 'client')).not.toBeNull();
    expect(await writes()).toEqual([]);
  });

  it('slides a session last seen over a minute ago, once', async () => {
    const { token, id } = await sessionSeen(2);
    await touchSession(context.db, RING, token, 'client');
    await touchSession(context.db, RING, token, 'client');
    expect(await writes()).toEqual([{ session_id: id, slid: true, rehashed: false }]);
  });

  it('re-hashes a token of the previous secret under the current one at its first use', async () => {
    const previous = secretRing('previous-secret-of-this-test-0123456789');
    const { token, id } = await sessionSeen(0, previous);
    const rotated = secretRing(RING.current, previous.current);
    expect(await touchSession(context.db, rotated, token, 'client')).not.toBeNull();
    expect(await touchSession(context.db, rotated, token, 'client')).not.toBeNull();
    expect(await writes()).toEqual([{ session_id: id, slid: false, rehashed: true }]);
    const stored = await context.db.selectFrom('sessions').select('token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashSecret(token, RING.current));
  });
});
