import { randomUUID } from 'node:crypto';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_SECONDS } from '@bank/contracts/auth/codes';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashSecret, matchesAnyHash, randomDigits, type SecretRing } from '../../lib/crypto';

/**
 * One-time e-mail codes. Each sign-in or registration attempt opens a challenge holding a keyed
 * hash of its code bound to the challenge id, so a code only ever answers the attempt it was mailed
 * for. A client has at most one open challenge: a new one replaces the old.
 */
export type ChallengePurpose = 'login' | 'registration';

const codeText = (challengeId: string, code: string) => `login-code:${challengeId}:${code}`;

/**
 * Opens a challenge for the client, closing any open one, and returns the plain code to mail. In
 * the caller's transaction, which writes the code's mail too.
 */
export async function openChallenge(trx: Db, secret: SecretRing, clientId: string, purpose: ChallengePurpose): Promise<string> {
  const code = randomDigits(LOGIN_CODE_LENGTH);
  const id = randomUUID();
  await trx
    .updateTable('login_challenges')
    .set({ closed_at: sql`now()`, closed_reason: 'replaced' })
    .where('client_id', '=', clientId)
    .where('closed_at', 'is', null)
    .execute();
  // Old challenges serve no purpose once closed and expired; keep a day for investigations.
  await trx
    .deleteFrom('login_challenges')
    .where('client_id', '=', clientId)
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await trx
    .insertInto('login_challenges')
    .values({
      id,
      client_id: clientId,
      purpose,
      code_hash: hashSecret(codeText(id, code), secret.current),
      expires_at: sql<Date>`now() + ${`${LOGIN_CODE_TTL_SECONDS} seconds`}::interval`,
    })
    .execute();
  return code;
}

export type ChallengeOutcome =
  | { ok: true; purpose: ChallengePurpose }
  | { ok: false; reason: 'none' | 'wrong' | 'burned' };

/**
 * Checks a code against the client's open, unexpired challenge. The right code closes it (a code
 * works once, even when two requests race); a wrong one counts, and the last allowed wrong one
 * burns the challenge. A code hashed under the previous APP_SECRET still answers (it is closed once
 * used, so nothing is left to re-hash).
 */
export async function answerChallenge(db: Db, secret: SecretRing, clientId: string, code: string): Promise<ChallengeOutcome> {
  const challenge = await db
    .selectFrom('login_challenges')
    .select(['id', 'code_hash', 'purpose'])
    .where('client_id', '=', clientId)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!challenge) return { ok: false, reason: 'none' };

  if (matchesAnyHash(challenge.code_hash, codeText(challenge.id, code), secret)) {
    const closed = await db
      .updateTable('login_challenges')
      .set({ closed_at: sql`now()`, closed_reason: 'used' })
      .where('id', '=', challenge.id)
      .where('closed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return closed ? { ok: true, purpose: challenge.purpose } : { ok: false, reason: 'none' };
  }

  const counted = await db
    .updateTable('login_challenges')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      closed_at: sql`case when failed_attempts + 1 >= ${LOGIN_CODE_MAX_ATTEMPTS} then now() else null end`,
      closed_reason: sql`case when failed_attempts + 1 >= ${LOGIN_CODE_MAX_ATTEMPTS} then 'burned' else null end`,
    })
    .where('id', '=', challenge.id)
    .where('closed_at', 'is', null)
    .returning('closed_reason')
    .executeTakeFirst();
  return { ok: false, reason: counted?.closed_reason === 'burned' ? 'burned' : 'wrong' };
}

/** Closes every open challenge of a client (its password changed: a mailed code must not outlive it). */
export async function closeChallenges(db: Db, clientId: string): Promise<void> {
  await db
    .updateTable('login_challenges')
    .set({ closed_at: sql`now()`, closed_reason: 'replaced' })
    .where('client_id', '=', clientId)
    .where('closed_at', 'is', null)
    .execute();
}
