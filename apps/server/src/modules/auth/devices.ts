import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashCandidates, hashSecret, randomToken, type SecretRing } from '../../lib/crypto';

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
  /** The token the cookie is to hold from now on (a new one at every sign-in). */
  token: string;
  /** The client has signed in before, but never from this device. */
  newToClient: boolean;
}

const tokenText = (clientId: string, token: string) => `device:${clientId}:${token}`;

/**
 * Remembers the device of a sign-in, and gives it a new token: the cookie's token changes with
 * every sign-in, so a token planted in a browser beforehand (on a shared computer, say) stops
 * naming the device once its owner signs in there. A device is news to the client when they have
 * signed in before (a device remembered, or an earlier session) but never from this one; the very
 * first sign-in, just after registration, is not. A cookie hashed under the previous APP_SECRET
 * still names its device; the new token is hashed under the current one.
 */
export async function recognizeDevice(
  db: Db,
  secret: SecretRing,
  clientId: string,
  cookieToken: string | undefined,
  userAgent: string | undefined,
): Promise<RecognizedDevice> {
  // No hash matches an empty list's stand-in: a cookie that is missing or malformed names no device.
  const presented = cookieToken && TOKEN_PATTERN.test(cookieToken) ? hashCandidates(tokenText(clientId, cookieToken), secret) : [''];
  const token = randomToken(32);
  const hash = hashSecret(tokenText(clientId, token), secret.current);
  const agent = userAgent?.slice(0, 512) ?? null;
  // The checks of the final select read the tables as they were before this statement.
  const { rows } = await sql<{ known: boolean; signed_in_before: boolean }>`
    with known as (
      update client_devices set token_hash = ${hash}, last_seen_at = now(), user_agent = ${agent}
      where client_id = ${clientId} and token_hash in (${sql.join(presented)})
      returning id
    ),
    added as (
      insert into client_devices (client_id, token_hash, user_agent)
      select ${clientId}, ${hash}, ${agent} where not exists (select 1 from known)
      returning id
    )
    select exists (select 1 from known) as known,
      exists (select 1 from client_devices where client_id = ${clientId})
        or (select count(*) from sessions where subject_type = 'client' and subject_id = ${clientId}) > 1 as signed_in_before
    from (select count(*) from added) as done`.execute(db);
  const row = rows[0]!;
  return { token, newToClient: !row.known && row.signed_in_before };
}

/** No client has this id: an unknown e-mail's device is looked up under it. */
const NO_CLIENT = '00000000-0000-0000-0000-000000000000';

/**
 * The id of the client's device that the cookie's token names, or null; the token is not renewed
 * (that is recognizeDevice's, once the sign-in succeeds). An e-mail nobody has is looked up all
 * the same, so that its answer takes as long as a client's.
 */
export async function knownDeviceId(db: Db, secret: SecretRing, clientId: string | null, cookieToken: string | undefined): Promise<string | null> {
  if (!cookieToken || !TOKEN_PATTERN.test(cookieToken)) return null;
  const owner = clientId ?? NO_CLIENT;
  const row = await db
    .selectFrom('client_devices')
    .select('id')
    .where('client_id', '=', owner)
    .where('token_hash', 'in', hashCandidates(tokenText(owner, cookieToken), secret))
    .executeTakeFirst();
  return row ? String(row.id) : null;
}
