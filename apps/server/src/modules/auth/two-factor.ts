import { randomBytes } from 'node:crypto';
import type { TotpEnableResponse, TotpSetupResponse } from '@bank/contracts/auth/two-factor';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@bank/contracts/auth/two-factor';
import { WRONG_CURRENT_PASSWORD } from '@bank/contracts/users/password-change';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db';
import { hashSecret, openSecret, sealSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { verifyPassword } from './passwords';
import { assertNotBlocked, clearCounter, recordHit, type CounterPolicy } from './throttle';
import { acceptedStep, newTotpSecret, otpauthUrl, spendTimeStep, TOTP_ISSUERS } from './totp';

/**
 * A client's authenticator app (issue 13). Set up: a secret, sealed and pending, shown with its
 * otpauth:// address for the QR code. Enabled by the app's first code: the secret holds from then
 * on, and ten recovery codes are made, answered once and stored as keyed hashes. With it on, sign-in
 * takes the app's code (or one recovery code) instead of an e-mailed one (sign-in.ts). Turned off
 * with the password and a code. Secrets are sealed under a key of their own from APP_SECRET.
 */
const SEAL_PURPOSE = 'client-totp';

/** Wrong codes when confirming or turning off, per client, before it is refused for a while. */
export const WRONG_AUTHENTICATOR_CODES: CounterPolicy = {
  bucket: 'client-totp-failures',
  windowMs: 15 * 60_000,
  blockAfter: 5,
  blockMs: 15 * 60_000,
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 50 random bits as ten base32 letters and digits, `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const letters = [...randomBytes(10)].map((byte) => BASE32[byte & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

const wrongCode = () => new AppError('INVALID_CREDENTIALS', { message: 'Wrong or used code', fields: { code: 'validation.totpCode.wrong' } });

async function audit(db: Db, clientId: string, action: string, ip: string): Promise<void> {
  await recordAudit(db, { actorType: 'client', actorId: clientId, action, subjectType: 'client', subjectId: clientId, ip });
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
  await deps.db.updateTable('clients').set({ totp_pending_secret: sealSecret(secret, deps.config.secret, SEAL_PURPOSE) }).where('id', '=', clientId).execute();
  return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUERS.client, client.email, secret) };
}

/** POST /api/user/two-factor/enable: the app's code confirms the pending secret; answers the recovery codes, once. */
export async function enableAuthenticator(deps: AppDeps, clientId: string, code: string, ip: string): Promise<TotpEnableResponse> {
  const { db, config } = deps;
  await assertNotBlocked(db, WRONG_AUTHENTICATOR_CODES, clientId);
  const client = await clientRow(db, clientId);
  if (client.totp_enabled_at) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is already on' });
  if (!client.totp_pending_secret) throw new AppError('CONFLICT', { message: 'Set up the authenticator first' });
  const step = await acceptedStep(openSecret(client.totp_pending_secret, config.secret, SEAL_PURPOSE), code, null);
  if (step === null) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    throw wrongCode();
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('clients')
      .set((update) => ({ totp_secret: update.ref('totp_pending_secret'), totp_pending_secret: null, totp_enabled_at: new Date(), totp_last_step: step }))
      .where('id', '=', clientId)
      .where('totp_enabled_at', 'is', null)
      .where('totp_pending_secret', '=', client.totp_pending_secret)
      .returning('id')
      .executeTakeFirst();
    if (!enabled) throw new AppError('CONFLICT', { message: 'Two-factor sign-in changed meanwhile; set it up again' });
    await trx.deleteFrom('client_recovery_codes').where('client_id', '=', clientId).execute();
    await trx
      .insertInto('client_recovery_codes')
      .values(recoveryCodes.map((recovery) => ({ client_id: clientId, code_hash: hashSecret(recovery, config.secret) })))
      .execute();
    await audit(trx, clientId, 'auth.twoFactorEnabled', ip);
  });
  await clearCounter(db, WRONG_AUTHENTICATOR_CODES, clientId);
  return { recoveryCodes };
}

/** Whether the client signs in with the authenticator app. */
export async function usesAuthenticator(db: Db, clientId: string): Promise<boolean> {
  const row = await db.selectFrom('clients').select('totp_enabled_at').where('id', '=', clientId).executeTakeFirst();
  return Boolean(row?.totp_enabled_at);
}

/**
 * Spends a second factor of a client with the app on: a code from the app (each time step once)
 * or an unused recovery code (then used up). Answers which it was, or null for neither.
 */
export async function spendSecondFactor(deps: AppDeps, clientId: string, code: string): Promise<'authenticator' | 'recovery' | null> {
  const { db, config } = deps;
  const client = await clientRow(db, clientId);
  if (!client.totp_secret || !client.totp_enabled_at) return null;
  const given = code.trim().toLowerCase();
  if (/^\d{6}$/.test(given)) {
    const lastStep = client.totp_last_step === null ? null : Number(client.totp_last_step);
    const step = await acceptedStep(openSecret(client.totp_secret, config.secret, SEAL_PURPOSE), given, lastStep);
    return step !== null && (await spendTimeStep(db, 'clients', clientId, step)) ? 'authenticator' : null;
  }
  if (!RECOVERY_CODE_PATTERN.test(given)) return null;
  const used = await db
    .updateTable('client_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('client_id', '=', clientId)
    .where('code_hash', '=', hashSecret(given, config.secret))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : null;
}

/** POST /api/user/two-factor/disable: with the password and a current code (or a recovery code). */
export async function disableAuthenticator(deps: AppDeps, clientId: string, input: { password: string; code: string }, ip: string): Promise<void> {
  const { db } = deps;
  await assertNotBlocked(db, WRONG_AUTHENTICATOR_CODES, clientId);
  const client = await clientRow(db, clientId);
  if (!client.totp_enabled_at) throw new AppError('CONFLICT', { message: 'Two-factor sign-in is not on' });
  if (!(await verifyPassword(client.password_hash, input.password))) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    throw new AppError('INVALID_CREDENTIALS', { fields: { password: WRONG_CURRENT_PASSWORD } });
  }
  if (!(await spendSecondFactor(deps, clientId, input.code))) {
    await recordHit(db, WRONG_AUTHENTICATOR_CODES, clientId);
    throw wrongCode();
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('clients')
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where('id', '=', clientId)
      .execute();
    await trx.deleteFrom('client_recovery_codes').where('client_id', '=', clientId).execute();
    await audit(trx, clientId, 'auth.twoFactorDisabled', ip);
  });
  await clearCounter(db, WRONG_AUTHENTICATOR_CODES, clientId);
}
