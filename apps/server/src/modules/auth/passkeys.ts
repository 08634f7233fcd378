import { MAX_PASSKEYS_PER_CLIENT, type Passkey, type PasskeysResponse } from '@bank/contracts/auth/passkeys';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { hashCandidates, hashSecret, type SecretRing } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import type { MailMessage } from '../../lib/mailer';
import { queueMail } from '../mail';
import { openClientSession, type OpenedSession, type SignInOrigin } from './client-session';
import { passkeyChangedMail } from './mail-templates';
import { FAILED_SIGN_INS_PER_ADDRESS, recordHit, sleep, slowDownMs } from './throttle';
import { confirmStepUp } from './two-factor';

/**
 * Passkeys (WebAuthn) of clients. Adding one takes the password, then the browser's ceremony; the
 * authenticator must verify the person (PIN or biometrics) and keep the credential itself
 * (discoverable), so that on the sign-in page the passkey alone names the client and signs them in.
 * Every ceremony answers a challenge of the server's: random, stored as a keyed hash, good for two
 * minutes and spent by the first answer, right or wrong. The relying party is APP_URL's host, and
 * only APP_URL's origin is accepted.
 */
const RP_NAME = 'Meridian Bank';
const CHALLENGE_LIFETIME_MS = 2 * 60_000;
/** The browser gives up a little before the challenge expires, so that no answer arrives too late. */
const CEREMONY_TIMEOUT_MS = CHALLENGE_LIFETIME_MS - 15_000;

type ChallengePurpose = 'registration' | 'authentication';

/** The relying party's id (a host name, never a port or scheme) and the one origin accepted. */
export function relyingParty(config: Pick<Config, 'appUrl'>): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * WebAuthn's user handle of a client: the 16 bytes of their UUID. Stable whatever happens to the
 * server's secret, and no personal data (the handle is stored on the authenticator, maybe synced).
 */
export function userHandleOf(clientId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(clientId.replace(/-/g, ''), 'hex'));
}

/** The client a user handle (base64url) names, or null when it cannot be one of ours. */
function clientIdOfHandle(handle: string | undefined): string | null {
  if (!handle) return null;
  const hex = Buffer.from(handle, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The challenge the browser says it answered (clientDataJSON is base64url JSON), or null. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge: unknown = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

const challengeText = (challenge: string) => `webauthn:${challenge}`;

/** Remembers a challenge just handed out; challenges long expired are forgotten on the way. */
async function storeChallenge(db: Db, secret: SecretRing, challenge: string, purpose: ChallengePurpose, clientId: string | null): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge_hash: hashSecret(challengeText(challenge), secret.current),
      purpose,
      client_id: clientId,
      expires_at: sql<Date>`now() + ${`${CHALLENGE_LIFETIME_MS} milliseconds`}::interval`,
    })
    .execute();
}

/**
 * Spends a challenge: true for the first answer within its lifetime, for the purpose and client it
 * was made for; false for a second answer, a late one, or one made up. One statement, so two
 * answers racing cannot both win.
 */
async function spendChallenge(db: Db, secret: SecretRing, challenge: string, purpose: ChallengePurpose, clientId: string | null): Promise<boolean> {
  const spent = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('challenge_hash', 'in', hashCandidates(challengeText(challenge), secret))
    .where('purpose', '=', purpose)
    .where('client_id', clientId === null ? 'is' : '=', clientId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

async function audit(db: Db, clientId: string, action: string, ip: string, after?: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actorType: 'client', actorId: clientId, action, subjectType: 'client', subjectId: clientId, ip, after });
}

const passkeyColumns = ['id', 'name', 'created_at', 'last_used_at', 'backed_up'] as const;

function toPasskey(row: { id: string; name: string; created_at: Date; last_used_at: Date | null; backed_up: boolean }): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    backedUp: row.backed_up,
  };
}

const notFound = () => new AppError('NOT_FOUND', { message: 'No such passkey' });
const notVerified = () => new AppError('INVALID_CREDENTIALS', { message: 'The passkey could not be verified' });

/** The mail telling the client a passkey was added or removed, in their language. */
async function passkeyChangeMail(db: Db, clientId: string, change: 'added' | 'removed', name: string): Promise<MailMessage> {
  const client = await db.selectFrom('clients').select(['email', 'language']).where('id', '=', clientId).executeTakeFirstOrThrow();
  return passkeyChangedMail(client.email, change, name, client.language);
}

/** GET /api/user/passkeys: the client's passkeys, newest first. */
export async function listPasskeys(db: Db, clientId: string): Promise<PasskeysResponse> {
  const rows = await db
    .selectFrom('client_passkeys')
    .select(passkeyColumns)
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(MAX_PASSKEYS_PER_CLIENT)
    .execute();
  return { passkeys: rows.map(toPasskey) };
}

/**
 * POST /api/user/passkeys/options: with the current password (a stolen session alone cannot add a
 * lasting way in; wrong passwords count like wrong authenticator codes), the options of
 * navigator.credentials.create(): a discoverable credential, the person verified, no attestation,
 * and the client's passkeys excluded so one authenticator is not added twice. `ip` is the
 * request's, written on the audit row of the authenticator code it spends.
 */
export async function passkeyRegistrationOptions(
  deps: AppDeps,
  clientId: string,
  factors: { password: string; code?: string | undefined },
  ip: string | null,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { db, config } = deps;
  // A passkey signs in without the app: with the app on, adding one takes the app's code too.
  const client = await confirmStepUp(deps, clientId, factors, ip);
  const existing = await db.selectFrom('client_passkeys').select(['credential_id', 'transports']).where('client_id', '=', clientId).execute();
  if (existing.length >= MAX_PASSKEYS_PER_CLIENT) throw new AppError('CONFLICT', { message: `At most ${MAX_PASSKEYS_PER_CLIENT} passkeys` });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).rpID,
    userName: client.email,
    userDisplayName: client.email,
    userID: userHandleOf(clientId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, config.secret, options.challenge, 'registration', clientId);
  return options;
}

/**
 * POST /api/user/passkeys: the browser's answer to this client's registration challenge, checked
 * (origin, relying party, the person verified, the signature over it) and stored under `name`.
 */
export async function addPasskey(deps: AppDeps, clientId: string, input: { name: string; response: RegistrationResponseJSON }, ip: string): Promise<Passkey> {
  const { db, config } = deps;
  const { rpID, origin } = relyingParty(config);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(db, config.secret, challenge, 'registration', clientId))) throw notVerified();
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    // The library throws on anything malformed or wrong; to the client it is one refusal.
    throw notVerified();
  }
  if (!verification.verified) throw notVerified();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const row = await db.transaction().execute(async (trx) => {
    // Serialises additions of one client, so that the limit holds against parallel ceremonies.
    await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('client_passkeys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_PASSKEYS_PER_CLIENT) throw new AppError('CONFLICT', { message: `At most ${MAX_PASSKEYS_PER_CLIENT} passkeys` });
    const added = await trx
      .insertInto('client_passkeys')
      .values({
        client_id: clientId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        sign_count: credential.counter,
        transports: credential.transports ?? [],
        device_type: credentialDeviceType,
        backed_up: credentialBackedUp,
        name: input.name,
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning(passkeyColumns)
      .executeTakeFirst();
    if (!added) throw new AppError('CONFLICT', { message: 'This passkey is already registered' });
    await audit(trx, clientId, 'auth.passkeyAdded', ip, { passkeyId: added.id, name: input.name });
    await queueMail(trx, config.secret, await passkeyChangeMail(trx, clientId, 'added', input.name));
    return added;
  });
  return toPasskey(row);
}

/** PATCH /api/user/passkeys/:id: a new name for one of the client's passkeys. */
export async function renamePasskey(db: Db, clientId: string, passkeyId: string, name: string, ip: string): Promise<Passkey> {
  const row = await db.transaction().execute(async (trx) => {
    const renamed = await trx
      .updateTable('client_passkeys')
      .set({ name })
      .where('id', '=', passkeyId)
      .where('client_id', '=', clientId)
      .returning(passkeyColumns)
      .executeTakeFirst();
    if (!renamed) throw notFound();
    await audit(trx, clientId, 'auth.passkeyRenamed', ip, { passkeyId, name });
    return renamed;
  });
  return toPasskey(row);
}

/** DELETE /api/user/passkeys/:id: the passkey no longer signs the client in, and the client is mailed. */
export async function removePasskey(deps: Pick<AppDeps, 'db' | 'config'>, clientId: string, passkeyId: string, ip: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('client_passkeys')
      .where('id', '=', passkeyId)
      .where('client_id', '=', clientId)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!removed) throw notFound();
    await audit(trx, clientId, 'auth.passkeyRemoved', ip, { passkeyId: removed.id, name: removed.name });
    await queueMail(trx, deps.config.secret, await passkeyChangeMail(trx, clientId, 'removed', removed.name));
  });
}

/**
 * POST /api/login/passkey/options: the options of navigator.credentials.get() for anyone: no
 * credentials listed (the authenticator offers the passkeys it keeps for this site), the person
 * verified. The challenge belongs to no client yet.
 */
export async function passkeySignInOptions(deps: AppDeps): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { db, config } = deps;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(db, config.secret, options.challenge, 'authentication', null);
  return options;
}

/**
 * Counts a failed passkey sign-in against the address (it feeds the address's lock of password
 * sign-ins), audits it, slows the answer down, and refuses.
 */
async function failPasskeySignIn(deps: Pick<AppDeps, 'db' | 'metrics'>, ip: string, reason: string, clientId: string | null): Promise<never> {
  const { db } = deps;
  const hits = await recordHit(db, FAILED_SIGN_INS_PER_ADDRESS, ip);
  deps.metrics?.signInRefused('passkey');
  // The address's lock refuses its password sign-ins, not passkeys; it is set all the same.
  if (hits === FAILED_SIGN_INS_PER_ADDRESS.blockAfter) deps.metrics?.signInLocksSet(1);
  await recordAudit(db, { actorType: 'anonymous', action: 'auth.signInFailed', subjectType: 'client', subjectId: clientId, ip, after: { method: 'passkey', reason } });
  const delay = slowDownMs(FAILED_SIGN_INS_PER_ADDRESS, hits);
  if (delay > 0) await sleep(delay);
  throw new AppError('INVALID_CREDENTIALS');
}

/**
 * POST /api/login/passkey: the authenticator's answer to a sign-in challenge. The challenge is spent
 * first; the credential must be a client's passkey and the user handle that client's; then the
 * signature, origin, relying party and the person's verification are checked, and a counter that
 * did not move on is refused (a cloned authenticator). A session opens as after password and code.
 * No lock refuses a passkey, not even its address's: a passkey's signature cannot be guessed, so a
 * lock would guard nothing and only let strangers who share the owner's address keep the owner out.
 */
export async function signInWithPasskey(deps: AppDeps, response: AuthenticationResponseJSON, origin: SignInOrigin): Promise<OpenedSession> {
  const { db, config } = deps;
  const { ip } = origin;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(db, config.secret, challenge, 'authentication', null))) return failPasskeySignIn(deps, ip, 'challenge', null);
  const passkey = await db
    .selectFrom('client_passkeys')
    .select(['id', 'client_id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  if (!passkey) return failPasskeySignIn(deps, ip, 'unknown-passkey', null);
  if (clientIdOfHandle(response.response.userHandle) !== passkey.client_id) return failPasskeySignIn(deps, ip, 'user-handle', passkey.client_id);
  const { rpID, origin: expectedOrigin } = relyingParty(config);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: rpID,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: Number(passkey.sign_count), transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch {
    return failPasskeySignIn(deps, ip, 'verification', passkey.client_id);
  }
  if (!verification.verified) return failPasskeySignIn(deps, ip, 'verification', passkey.client_id);
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await db
    .updateTable('client_passkeys')
    // Two answers verified at once must not move the counter back: the higher one stays.
    .set({ sign_count: sql<string>`greatest(sign_count, ${newCounter})`, backed_up: credentialBackedUp, last_used_at: sql<Date>`now()` })
    .where('id', '=', passkey.id)
    .execute();
  return openClientSession(deps, passkey.client_id, 'login-passkey', origin, { passkeyId: passkey.id });
}
