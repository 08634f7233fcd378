import { OPERATOR_SESSION_IDLE_MINUTES, OPERATOR_SESSION_MAX_HOURS } from '@bank/contracts/backoffice/roles';
import type { KycStatus } from '@bank/contracts/kyc/kyc-status';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db';
import { fixedStatement, type StatementValues, type ValueOf } from '../../db/fixed-statement';
import { hashCandidates, hashSecret, randomToken, type SecretRing } from '../../lib/crypto';

export type SubjectType = 'client' | 'operator';

const MINUTE_MS = 60 * 1000;

/**
 * Sliding inactivity window and absolute lifetime of a session: a client's 30 minutes and 12 hours;
 * an operator's shorter (docs/bank-controls.md), since an operator acts on other people's money.
 */
export const SESSION_LIMITS: Readonly<Record<SubjectType, { idleMs: number; absoluteMs: number }>> = {
  client: { idleMs: 30 * MINUTE_MS, absoluteMs: 12 * 60 * MINUTE_MS },
  operator: { idleMs: OPERATOR_SESSION_IDLE_MINUTES * MINUTE_MS, absoluteMs: OPERATOR_SESSION_MAX_HOURS * 60 * MINUTE_MS },
};

export interface Session {
  sessionId: string;
  subjectType: SubjectType;
  subjectId: string;
  /** A client's identification status as of this request (null for operators), read with the session. */
  kycStatus: KycStatus | null;
  /** A client the bank has closed (docs/bank-controls.md#closing-a-client), read with the session: only the calls open to one answer. */
  closedByBank: boolean;
}

/** Where a session was opened from: kept for the client's list of live sessions. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Longest user-agent string kept: real ones are a few hundred characters. */
const USER_AGENT_MAX = 512;

/** Creates a session and returns its token; only the token's keyed hash is stored. */
export async function createSession(
  db: Db,
  secret: SecretRing,
  subjectType: SubjectType,
  subjectId: string,
  origin: SessionOrigin = {},
): Promise<string> {
  const token = randomToken(32);
  const now = Date.now();
  const limits = SESSION_LIMITS[subjectType];
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashSecret(token, secret.current),
      subject_type: subjectType,
      subject_id: subjectId,
      idle_expires_at: new Date(now + limits.idleMs),
      absolute_expires_at: new Date(now + limits.absoluteMs),
      user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip: origin.ip ?? null,
    })
    .execute();
  return token;
}

/** How often a session's last-seen time (and with it the inactivity window) moves at most. */
export const SESSION_SLIDE_EVERY_MS = MINUTE_MS;
/** SESSION_SLIDE_EVERY_MS as SQL, for the look-up's flag and the write's test alike. */
const SLIDE_EVERY = sql.raw(`interval '${SESSION_SLIDE_EVERY_MS} milliseconds'`);

/**
 * Resolves a token to its live session: one statement that only reads, and a second that writes
 * the session's row only when it must. Unknown, expired and revoked tokens all give null. The
 * inactivity window slides only when the session was last seen more than a minute ago: most
 * requests then only read, so a read is neither held up by a commit's disk flush nor made a write
 * (PostgreSQL spends about a third more on the look-up when it carries an update, even one that
 * changes nothing: docs/benchmarks.md, "One transaction at a time"), and idle expiry stays right to
 * the minute. Revocation is read on every request, so it holds at once. A token hashed under the
 * previous APP_SECRET is found too, and re-hashed under the current one by that second statement,
 * so the session outlives the end of the rotation.
 */
export async function touchSession(db: Db, secret: SecretRing, token: string, subjectType: SubjectType): Promise<Session | null> {
  const rows = await sessionAlone(db, secret, token, subjectType);
  return rows[0] ? sessionOf(rows[0]) : null;
}

/** The columns that make a Session, as `sessionStatement`'s statement names them. */
export interface SessionRow {
  session_id: string;
  subject_type: SubjectType;
  subject_id: string;
  kyc_status: KycStatus | null;
  closed_by_bank: boolean | null;
  /** Whether the session was last seen over SESSION_SLIDE_EVERY_MS ago: its window slides now. */
  session_due: boolean;
  /** The token's hash as stored: one under the previous secret is re-hashed now. */
  session_token_hash: string;
}

/** The session's columns in the select of `sessionStatement`, from `live` joined `WITH_CLIENT`. */
export const SESSION_COLUMNS = sql`live.id as session_id, live.subject_type, live.subject_id, client.kyc_status, client.closed_by_bank_at is not null as closed_by_bank,
  live.last_seen_at <= now() - ${SLIDE_EVERY} as session_due, live.token_hash as session_token_hash`;
/** The client of a client's session (none for an operator's), for its KYC status. */
export const WITH_CLIENT = sql`left join clients as client on live.subject_type = 'client' and client.id = live.subject_id`;

export function sessionOf(row: SessionRow): Session {
  return {
    sessionId: row.session_id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    kycStatus: row.kyc_status ?? null,
    closedByBank: row.closed_by_bank === true,
  };
}

/** touchSession's statement: the session alone. */
const sessionAlone = sessionStatement<SessionRow>(() => sql`select ${SESSION_COLUMNS} from live ${WITH_CLIENT}`);

/** Runs a session statement for one request's token, with the values its select named. */
export type SessionStatement<Row> = (db: Db, secret: SecretRing, token: string, subjectType: SubjectType, values?: StatementValues) => Promise<Row[]>;

/**
 * touchSession's statement with the caller's own select after it: the live session comes as the
 * table `live` (id, subject_type, subject_id, last_seen_at, token_hash), found as touchSession
 * finds it, so a request reads what it needs in the same round trip as its session. The select
 * names SESSION_COLUMNS, which say whether the session's row must be written (its window slid or
 * its token re-hashed); when it must, the write follows the read before the rows are answered. No
 * rows: no live session (the select must keep a row per live session, e.g. by left joins from
 * `live`). Made once per select, which names its own values with `value` (db/fixed-statement.ts)
 * and is given them on each run.
 */
export function sessionStatement<Row extends SessionRow>(select: (value: ValueOf) => RawBuilder<unknown>): SessionStatement<Row> {
  // One statement per number of hashes a token has (one, or two while the secret rotates), each
  // named: PostgreSQL plans `token_hash in ($1)` as the unique index's one row, where an array of
  // unknown length would be planned for ten.
  const byHashCount = [1, 2].map((count) =>
    fixedStatement<Row>((value) => {
      const hashes = Array.from({ length: count }, (_, index) => value(`session.hash.${index}`));
      // The client's KYC status comes in the same round trip: every money call needs it, and reading it
      // here, fresh on each request, keeps an approval or a revocation effective at once.
      return sql<Row>`
        with live as (
          select id, subject_type, subject_id, last_seen_at, token_hash from sessions
          where token_hash in (${sql.join(hashes)}) and subject_type = ${value('session.subjectType')} and revoked_at is null
            and idle_expires_at > now() and absolute_expires_at > now()
        )
        ${select(value)}`;
    }),
  );
  return async (db, secret, token, subjectType, values = {}) => {
    if (token.length < 16 || token.length > 200) return [];
    const hashes = hashCandidates(token, secret);
    const statement = byHashCount[hashes.length - 1];
    if (!statement) throw new Error(`A secret ring gives ${hashes.length} hashes of a token; a session statement takes one or two`);
    const { rows } = await statement(db, {
      ...values,
      ...Object.fromEntries(hashes.map((hash, index) => [`session.hash.${index}`, hash])),
      'session.subjectType': subjectType,
    });
    const first = rows[0];
    if (first !== undefined) {
      if (typeof first.session_due !== 'boolean' || typeof first.session_token_hash !== 'string') {
        throw new Error('A session statement’s select must name SESSION_COLUMNS');
      }
      if (first.session_due || first.session_token_hash !== hashes[0]) {
        await touchStatement(db, { id: first.session_id, hash: hashes[0], idle: `${SESSION_LIMITS[subjectType].idleMs} milliseconds` });
      }
    }
    return rows;
  };
}

/**
 * A live session's row written: its inactivity window slid when it was last seen over
 * SESSION_SLIDE_EVERY_MS ago, and its token's hash the current secret's. One update does both: a
 * row updated twice in one statement keeps only one change.
 */
const touchStatement = fixedStatement((value) => {
  const due = sql`last_seen_at <= now() - ${SLIDE_EVERY}`;
  return sql`
    update sessions
    set last_seen_at = case when ${due} then now() else last_seen_at end,
      idle_expires_at = case when ${due} then least(now() + ${value('idle')}::interval, absolute_expires_at) else idle_expires_at end,
      token_hash = ${value('hash')}
    where id = ${value('id')} and revoked_at is null
      -- Two requests of one session at once both read it due: the second, having waited for the
      -- first's row lock, reads the row the first left and writes nothing.
      and (${due} or token_hash <> ${value('hash')})`;
});

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export interface LiveSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** A subject's sessions that are still live, the most recently used first. */
export async function listLiveSessions(db: Db, subjectType: SubjectType, subjectId: string): Promise<LiveSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', sql<Date>`now()`)
    .where('absolute_expires_at', '>', sql<Date>`now()`)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, userAgent: row.user_agent, ip: row.ip, createdAt: row.created_at, lastSeenAt: row.last_seen_at }));
}

/** Revokes one live session of a subject; false when it is not theirs or no longer live. */
export async function revokeSubjectSession(db: Db, subjectType: SubjectType, subjectId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of a subject, except `keepSessionId` when given. */
export async function revokeAllSessions(db: Db, subjectType: SubjectType, subjectId: string, keepSessionId?: string): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()` })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Closes a client's access when the bank closes the client (docs/bank-controls.md#closing-a-client):
 * every live session ends at once, and every session opened later reads the closure with the
 * client's row, so only the calls open to a closed client answer it. Takes the client's row lock
 * first: a sign-in committing meanwhile either has its session revoked here or reads the closure.
 */
export async function closeClientAccess(trx: Db, clientId: string): Promise<number> {
  await trx.updateTable('clients').set({ closed_by_bank_at: sql`coalesce(closed_by_bank_at, now())` }).where('id', '=', clientId).execute();
  return revokeAllSessions(trx, 'client', clientId);
}
