import { randomBytes } from 'node:crypto';
import type { TotpEnableResponse, TotpSetupResponse } from '@bank/contracts/auth/two-factor';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@bank/contracts/auth/two-factor';
import { WRONG_CURRENT_PASSWORD } from '@bank/contracts/users/password-change';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { hashCandidates, hashSecret, openWithRing, sealSecret, type OpenedSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { SealedColumn } from '../../lib/sealed-columns';
import { recordAudit } from '../audit';
import { verifyPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { assertNotBlocked, clearCounter, lockingCounter, recordHit, WRONG_CODES_PER_EMAIL } from './throttle';
import { acceptedStep, newTotpSecret, otpauthUrl, spendTimeStep, TOTP_ISSUERS } from './totp';

/**
 * A client's authenticator app (issue 13). Set up: a secret, sealed and pending, shown with its
 * otpauth:// address for the QR code. Enabled by the app's first code: the secret holds from then
 * on, and ten recovery codes are made, answered once and stored as keyed hashes. With it on, sign-in
 * takes the app's code (or one recovery code) instead of an e-mailed one (sign-in.ts). Turned on
 * with the password and the app's code, off with the password and a code; either ends the client's
 * other sessions. Secrets are sealed under a key of their own from APP_SECRET.
 */
const SEAL_PURPOSE = 'client-totp';

/** Where clients' authenticator secrets are kept sealed: re-sealed in bulk after a rotation (cli/secrets-reseal.ts). */
export const CLIENT_SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'clients', column: 'totp_secret', purpose: SEAL_PURPOSE },
  { table: 'clients', column: 'totp_pending_secret', purpose: SEAL_PURPOSE },
];

/** Wrong codes when confirming or turning off, per client, before it is refused for a while. */
export const WRONG_AUTHENTICATOR_CODES = lockingCounter('client-totp-failures', 15 * 60_000, 5);

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 50 random bits as ten base32 letters and digits, `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const letters = [...randomBytes(10)].map((byte) => BASE32[byte & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Keyed with the client too, so one code's hash says nothing about another client's. */
const recoveryText = (clientId: string, code: string) => `recovery:${clientId}:${code}`;

/** The current password, or a 400 counted like a wrong code (here and when adding a passkey). */
export async function checkPassword(db: Db, clientId: string, hash: string, password: string): Promise<void> {
  if (await verifyPassword(hash, password)) return;
  await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
  throw new AppError('INVALID_CREDENTIALS', { fields: { password: WRONG_CURRENT_PASSWORD } });
}

const wrongCode = () => new AppError('INVALID_CREDENTIALS', { message: 'Wrong or used code', fields: { code: 'validation.totpCode.wrong' } });

async function audit(db: Db, clientId: string, action: string, ip: string | null): Promise<void> {
  await recordAudit(db, { actorType: 'client', actorId: clientId, action, subjectType: 'client', subjectId: clientId, ip });
}

/**
 * A client's sealed authenticator secret, opened by the current or the previous APP_SECRET. One that
 * neither opens (sealed under a secret since dropped) is audited and refused with a code of its own:
 * no code can be checked against it, so the client turns the app off with a recovery code and sets it
 * up again.
 */
async function openAuthenticator(deps: AppDeps, clientId: string, sealed: string, ip: string | null): Promise<OpenedSecret> {
  const opened = openWithRing(sealed, deps.config.secret, SEAL_PURPOSE);
  if (opened) return opened;
  await audit(deps.db, clientId, 'auth.authenticatorUnreadable', ip);
  throw new AppError('AUTHENTICATOR_RESET_REQUIRED');
}

async function clientRow(db: Db, clientId: string) {
  const row = await db
    .selectFrom('clients')
    .select(['email', 'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'totp_last_step'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!row) throw new AppError('INVALID_AUTHORIZATION');
  return row;
}

/** POST /api/user/two-factor/setup: a fresh secret, pending until a code from the app confirms it. */
export async function setUpAuthenticator(deps: AppDeps, clientId: string): Promise<TotpSetupResponse> {
  const client = await clientRow(deps.db, clientId);
  if (client.totp_enabled_at) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is already on' });
  const secret = newTotpSecret();
  await deps.db
    .updateTable('clients')
    .set({ totp_pending_secret: sealSecret(secret, deps.config.secret.current, SEAL_PURPOSE) })
    .where('id', '=', clientId)
    .where('totp_enabled_at', 'is', null)
    .execute();
  return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUERS.client, client.email, secret) };
}

/**
 * POST /api/user/two-factor/enable: the password and the app's code confirm the pending secret;
 * answers the recovery codes, once. Every other session of the client ends.
 */
export async function enableAuthenticator(
  deps: AppDeps,
  session: { clientId: string; sessionId: string },
  input: { password: string; code: string },
  ip: string,
): Promise<TotpEnableResponse> {
  const { db, config } = deps;
  const { clientId } = session;
  await assertNotBlocked(db, WRONG_AUTHENTICATOR_CODES, clientId);
  const client = await clientRow(db, clientId);
  if (client.totp_enabled_at) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is already on' });
  if (!client.totp_pending_secret) throw new AppError('CONFLICT', { message: 'Set up the authenticator first' });
  await checkPassword(db, clientId, client.password_hash, input.password);
  const pending = await openAuthenticator(deps, clientId, client.totp_pending_secret, ip);
  const step = await acceptedStep(pending.plain, input.code, null);
  if (step === null) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    throw wrongCode();
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('clients')
      .set({ totp_secret: pending.resealed, totp_pending_secret: null, totp_enabled_at: new Date(), totp_last_step: step })
      .where('id', '=', clientId)
      .where('totp_enabled_at', 'is', null)
      .where('totp_pending_secret', '=', client.totp_pending_secret)
      .returning('id')
      .executeTakeFirst();
    if (!enabled) throw new AppError('CONFLICT', { message: 'Two-factor sign-in changed meanwhile; set it up again' });
    await trx.deleteFrom('client_recovery_codes').where('client_id', '=', clientId).execute();
    await trx
      .insertInto('client_recovery_codes')
      .values(recoveryCodes.map((recovery) => ({ client_id: clientId, code_hash: hashSecret(recoveryText(clientId, recovery), config.secret.current) })))
      .execute();
    await revokeAllSessions(trx, 'client', clientId, session.sessionId);
    await audit(trx, clientId, 'auth.twoFactorEnabled', ip);
  });
  await clearCounter(db, WRONG_AUTHENTICATOR_CODES, clientId);
  return { recoveryCodes };
}

/**
 * Spends a second factor of a client with the app on: a code from the app (each time step once)
 * or an unused recovery code (then used up). Answers which it was, or null for neither. A secret
 * sealed under the previous APP_SECRET is sealed anew under the current one as its code is spent;
 * one that no secret opens is a 409 AUTHENTICATOR_RESET_REQUIRED. A recovery code hashed under the
 * previous secret still works, but those unused stop working once that secret is dropped (only
 * their hashes are kept, so they cannot be hashed anew).
 */
export async function spendSecondFactor(deps: AppDeps, clientId: string, code: string, ip: string | null): Promise<'authenticator' | 'recovery' | null> {
  const { db, config } = deps;
  const client = await clientRow(db, clientId);
  if (!client.totp_secret || !client.totp_enabled_at) return null;
  const given = code.trim().toLowerCase();
  if (/^\d{6}$/.test(given)) {
    const lastStep = client.totp_last_step === null ? null : Number(client.totp_last_step);
    const secret = await openAuthenticator(deps, clientId, client.totp_secret, ip);
    const step = await acceptedStep(secret.plain, given, lastStep);
    return step !== null && (await spendTimeStep(db, 'clients', clientId, step, secret)) ? 'authenticator' : null;
  }
  if (!RECOVERY_CODE_PATTERN.test(given)) return null;
  const used = await db
    .updateTable('client_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('client_id', '=', clientId)
    .where('code_hash', 'in', hashCandidates(recoveryText(clientId, given), config.secret))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : null;
}

/**
 * A signed-in client's step-up before a sensitive act (adding a passkey, revealing a card's details):
 * the password, and with the authenticator app on, the app's code too (or a recovery code). Wrong
 * answers count towards the same block as wrong codes (WRONG_AUTHENTICATOR_CODES). Answers the
 * client's e-mail.
 */
export async function confirmStepUp(deps: AppDeps, clientId: string, factors: { password: string; code?: string | undefined }, ip: string | null): Promise<{ email: string }> {
  const { db } = deps;
  await assertNotBlocked(db, WRONG_AUTHENTICATOR_CODES, clientId);
  const client = await db.selectFrom('clients').select(['email', 'password_hash', 'totp_enabled_at']).where('id', '=', clientId).executeTakeFirst();
  if (!client) throw new AppError('INVALID_AUTHORIZATION');
  await checkPassword(db, clientId, client.password_hash, factors.password);
  if (client.totp_enabled_at && !(factors.code && (await spendSecondFactor(deps, clientId, factors.code, ip)))) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    throw new AppError('INVALID_CREDENTIALS', { message: 'Wrong or used code', fields: { code: factors.code ? 'validation.totpCode.wrong' : 'validation.code.required' } });
  }
  return { email: client.email };
}

/** POST /api/user/two-factor/disable: with the password and a current code (or a recovery code). */
export async function disableAuthenticator(
  deps: AppDeps,
  session: { clientId: string; sessionId: string },
  input: { password: string; code: string },
  ip: string,
): Promise<void> {
  const { db } = deps;
  const { clientId } = session;
  const client = await clientRow(db, clientId);
  // Guesses here and at sign-in share the sign-in's cap of wrong codes of the e-mail, as well as
  // this one. Only someone with the password reaches that cap, so a stranger cannot block this.
  const email = client.email.toLowerCase();
  await assertNotBlocked(db, WRONG_AUTHENTICATOR_CODES, clientId);
  await assertNotBlocked(db, WRONG_CODES_PER_EMAIL, email);
  if (!client.totp_enabled_at) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is not on' });
  await checkPassword(db, clientId, client.password_hash, input.password);
  if (!(await spendSecondFactor(deps, clientId, input.code, ip))) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    await recordHit(db, WRONG_CODES_PER_EMAIL, email);
    throw wrongCode();
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('clients')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where('id', '=', clientId)
      .execute();
    await trx.deleteFrom('client_recovery_codes').where('client_id', '=', clientId).execute();
    await revokeAllSessions(trx, 'client', clientId, session.sessionId);
    await audit(trx, clientId, 'auth.twoFactorDisabled', ip);
  });
  await clearCounter(db, WRONG_AUTHENTICATOR_CODES, clientId);
}
