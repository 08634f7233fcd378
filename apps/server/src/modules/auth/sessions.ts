import { OPERATOR_SESSION_IDLE_MINUTES, OPERATOR_SESSION_MAX_HOURS } from '@bank/contracts/backoffice/roles';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { hashSecret, randomToken } from '../../lib/crypto';

export type SubjectType = 'client' | 'operator';

const MINUTE_MS = 60 * 1000;

/**
 * Sliding inactivity window and absolute lifetime of a session: a client's 30 minutes and 12 hours;
 * an operator's shorter (DESIGN §10), since an operator acts on other people's money.
 */
export const SESSION_LIMITS: Readonly<Record<SubjectType, { idleMs: number; absoluteMs: number }>> = {
  client: { idleMs: 30 * MINUTE_MS, absoluteMs: 12 * 60 * MINUTE_MS },
  operator: { idleMs: OPERATOR_SESSION_IDLE_MINUTES * MINUTE_MS, absoluteMs: OPERATOR_SESSION_MAX_HOURS * 60 * MINUTE_MS },
};

export interface Session {
  sessionId: string;
  subjectType: SubjectType;
  subjectId: string;
}

/** Creates a session and returns its token; only the token's keyed hash is stored. */
export async function createSession(db: Db, secret: string, subjectType: SubjectType, subjectId: string): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  const limits = SESSION_LIMITS[subjectType];
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token, secret),
      subject_type: subjectType,
      subject_id: subjectId,
      idle_expires_at: new Date(now + limits.idleMs),
      absolute_expires_at: new Date(now + limits.absoluteMs),
    })
    .execute();
  return token;
}

/**
 * Resolves a token to its live session and slides the inactivity window, in one statement.
 * Unknown, expired and revoked tokens all give null.
 */
export async function touchSession(db: Db, secret: string, token: string, subjectType: SubjectType): Promise<Session | null> {
  if (token.length < 16 || token.length > 200) return null;
  const row = await db
    .updateTable('sessions')
    .set({
      last_seen_at: sql`now()`,
      idle_expires_at: sql`least(now() + ${`${SESSION_LIMITS[subjectType].idleMs} milliseconds`}::interval, absolute_expires_at)`,
    })
    .where('token_hash', '=', hashSecret(token, secret))
    .where('subject_type', '=', subjectType)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', sql<Date>`now()`)
    .where('absolute_expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'subject_type', 'subject_id'])
    .executeTakeFirst();
  return row ? { sessionId: row.id, subjectType: row.subject_type, subjectId: row.subject_id } : null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a subject, except `keepSessionId` when given. */
export async function revokeAllSessions(db: Db, subjectType: SubjectType, subjectId: string, keepSessionId?: string): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}
