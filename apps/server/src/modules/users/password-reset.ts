import { PASSWORD_RESET_TTL_MINUTES } from '@bank/contracts/users/password-refresh';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashCandidates, hashSecret, randomToken, type SecretRing } from '../../lib/crypto';

/**
 * Password-reset links: a 256-bit random token, stored as a keyed hash, valid 30 minutes and once.
 * A new link replaces the client's earlier ones.
 */
const tokenText = (token: string) => `password-reset:${token}`;

/** Issues a link's token in the caller's transaction, which writes its mail too. */
export async function issueResetToken(trx: Db, secret: SecretRing, clientId: string): Promise<string> {
  const token = randomToken(32);
  await trx.updateTable('password_resets').set({ used_at: sql`now()` }).where('client_id', '=', clientId).where('used_at', 'is', null).execute();
  await trx.deleteFrom('password_resets').where('client_id', '=', clientId).where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  await trx
    .insertInto('password_resets')
    .values({
      client_id: clientId,
      token_hash: hashSecret(tokenText(token), secret.current),
      expires_at: sql<Date>`now() + ${`${PASSWORD_RESET_TTL_MINUTES} minutes`}::interval`,
    })
    .execute();
  return token;
}

/**
 * Uses a token once: the client it was issued to, or null when it is unknown, used or expired. A
 * link issued under the previous APP_SECRET still works.
 */
export async function consumeResetToken(db: Db, secret: SecretRing, token: string): Promise<string | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', 'in', hashCandidates(tokenText(token), secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('client_id')
    .executeTakeFirst();
  return row?.client_id ?? null;
}
