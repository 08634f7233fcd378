import { PASSWORD_RESET_TTL_MINUTES } from '@bank/contracts/users/password-refresh';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashSecret, randomToken } from '../../lib/crypto';

/**
 * Password-reset links: a 256-bit random token, stored as a keyed hash, valid 30 minutes and once.
 * A new link replaces the client's earlier ones.
 */
function tokenHash(token: string, secret: string): string {
  return hashSecret(`password-reset:${token}`, secret);
}

/** Issues a link's token in the caller's transaction, which writes its mail too. */
export async function issueResetToken(trx: Db, secret: string, clientId: string): Promise<string> {
  const token = randomToken(32);
  await trx.updateTable('password_resets').set({ used_at: sql`now()` }).where('client_id', '=', clientId).where('used_at', 'is', null).execute();
  await trx.deleteFrom('password_resets').where('client_id', '=', clientId).where('expires_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  await trx
    .insertInto('password_resets')
    .values({
      client_id: clientId,
      token_hash: tokenHash(token, secret),
      expires_at: sql<Date>`now() + ${`${PASSWORD_RESET_TTL_MINUTES} minutes`}::interval`,
    })
    .execute();
  return token;
}

/** Uses a token once: the client it was issued to, or null when it is unknown, used or expired. */
export async function consumeResetToken(db: Db, secret: string, token: string): Promise<string | null> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash(token, secret))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('client_id')
    .executeTakeFirst();
  return row?.client_id ?? null;
}
