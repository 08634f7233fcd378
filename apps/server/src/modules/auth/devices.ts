import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashSecret, randomToken } from '../../lib/crypto';

/**
 * The devices a client signs in from. A browser is known by a random token in an HttpOnly cookie,
 * stored as a keyed hash per client: one browser shared by two clients is a separate device to
 * each, and a copy of the database cannot be matched to anyone's cookie. The token is sent only to
 * the sign-in calls (the cookie's path), so it is not a credential anywhere else.
 */
export const DEVICE_COOKIE = 'bank_device';
export const DEVICE_COOKIE_PATH = '/api/login';
/** Browsers keep a cookie 400 days at most; the sign-in renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface RecognizedDevice {
  /** The token the cookie is to hold from now on: the browser's own, or a new one. */
  token: string;
  /** The client has signed in before, but never from this device. */
  newToClient: boolean;
}

const tokenHash = (clientId: string, token: string, secret: string) => hashSecret(`device:${clientId}:${token}`, secret);

/**
 * Remembers the device of a sign-in. The first device a client ever signs in from (just after
 * registration, or the first time after devices were first remembered) is not news to them; any
 * later one not seen before is.
 */
export async function recognizeDevice(
  db: Db,
  secret: string,
  clientId: string,
  cookieToken: string | undefined,
  userAgent: string | undefined,
): Promise<RecognizedDevice> {
  const token = cookieToken && TOKEN_PATTERN.test(cookieToken) ? cookieToken : randomToken(32);
  const hash = tokenHash(clientId, token, secret);
  const { rows } = await sql<{ inserted: boolean; others: boolean }>`
    with seen as (
      insert into client_devices (client_id, token_hash, user_agent)
      values (${clientId}, ${hash}, ${userAgent?.slice(0, 512) ?? null})
      on conflict (client_id, token_hash) do update set last_seen_at = now(), user_agent = excluded.user_agent
      returning (xmax = 0) as inserted
    )
    select seen.inserted,
      exists (select 1 from client_devices where client_id = ${clientId} and token_hash <> ${hash}) as others
    from seen`.execute(db);
  const row = rows[0]!;
  return { token, newToClient: row.inserted && row.others };
}
