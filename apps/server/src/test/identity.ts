import { sql } from 'kysely';
import type { TestContext } from './harness';

/** Calls of the identity tests: each from an address of its own unless told, so per-address limits stay apart. */
let nextAddress = 1;
export function freshAddress(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

export function post(context: TestContext, url: string, payload: unknown, options: { ip?: string; token?: string } = {}) {
  return context.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? freshAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export function get(context: TestContext, url: string, token?: string) {
  return context.app.inject({ method: 'GET', url, remoteAddress: freshAddress(), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The last one-time code mailed to `email`. */
export function lastCode(context: TestContext, email: string): string {
  const mail = [...context.mails].reverse().find((message) => message.to === email && /\b\d{6}\b/.test(message.text));
  if (!mail) throw new Error(`No code mailed to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

let counter = 0;
/** A registration body with a unique e-mail and phone. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  return {
    email: `new-${unique}@example.com`,
    phone: `+4477009${String(counter).padStart(5, '0')}`,
    password: 'Secret2024x',
    accountType: 'personal',
    type: 'personal',
    ...overrides,
  };
}

/** Registers a client and finishes with the mailed code: the client's email, password and token. */
export async function registerAndSignIn(context: TestContext, overrides: Record<string, unknown> = {}) {
  const body = newRegistration(overrides);
  const registered = await post(context, '/api/registrations', body);
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const signedIn = await post(context, '/api/login', { email: body.email, password: body.password, emailCode: lastCode(context, body.email) });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  const token = signedIn.json().userToken as string;
  return { email: body.email, phone: body.phone, password: body.password, token };
}

/**
 * Puts a throttle counter (a bucket and its key, as auth_counters holds them) where a run of earlier
 * attempts would have left it: `hits` in a window that ends in ten minutes, and blocked as long when told.
 */
export async function presetCounter(context: TestContext, bucket: string, key: string, hits: number, blocked = false): Promise<void> {
  const values = {
    hits,
    window_ends_at: sql<Date>`now() + interval '10 minutes'`,
    blocked_until: blocked ? sql<Date>`now() + interval '10 minutes'` : null,
  };
  await context.db
    .insertInto('auth_counters')
    .values({ bucket, key, ...values })
    .onConflict((conflict) => conflict.columns(['bucket', 'key']).doUpdateSet(values))
    .execute();
}
