import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * The audit trail's hash chain (migration 0075), checked from outside the database: each link's
 * hash is computed here again from the audit row's fields, so neither a changed row nor a changed
 * function in the database can vouch for itself.
 */

/** The hash before the first link. */
export const GENESIS_HASH = Buffer.alloc(32);

/** Links read per query: the chain is walked in pages, however long it is. */
const LINKS_PER_PAGE = 2_000;

/** An audit row's fields as the database writes them as text, in audit_log's column order. */
export type AuditRowFields = readonly (string | null)[];

/**
 * The canonical bytes of an audit row, as the database's audit_row_bytes() makes them: each field as
 * '<UTF-8 byte length>:<text>,' or '-,' for null. The two must change together.
 */
export function auditRowBytes(fields: AuditRowFields): Buffer {
  return Buffer.from(fields.map((field) => (field === null ? '-,' : `${Buffer.byteLength(field, 'utf8')}:${field},`)).join(''), 'utf8');
}

export function linkHash(previousHash: Uint8Array, fields: AuditRowFields): Buffer {
  return createHash('sha256').update(previousHash).update(auditRowBytes(fields)).digest();
}

export type ChainVerdict =
  | { ok: true; count: number; headHash: string }
  | {
      ok: false;
      /** Links found sound before the break. */
      count: number;
      /** The audit row where the chain breaks (null when the break is at its end). */
      auditId: string | null;
      reason: string;
    };

interface LinkRow {
  position: string;
  audit_id: string;
  prev_hash: Buffer;
  row_hash: Buffer;
  id: string | null;
  at: string | null;
  actor_type: string | null;
  actor_id: string | null;
  action: string | null;
  subject_type: string | null;
  subject_id: string | null;
  ip: string | null;
  before: string | null;
  after: string | null;
}

/** PGlite answers bytea as Uint8Array, node-postgres as Buffer. */
const bytes = (value: Uint8Array) => Buffer.from(value.buffer, value.byteOffset, value.byteLength);

/**
 * Walks the chain from its first link to its head: every link follows the one before it, every
 * linked audit row is there and hashes to its link, every audit row is linked, and the head names
 * the last link. Answers the count of rows, or the first row where that fails and why. It reads one
 * snapshot (REPEATABLE READ), so rows committed meanwhile by a running server are not half seen.
 */
export async function verifyAuditChain(db: Db): Promise<ChainVerdict> {
  return db.transaction().setIsolationLevel('repeatable read').execute((trx) => walkChain(trx));
}

async function walkChain(db: Db): Promise<ChainVerdict> {
  let previousHash: Buffer = GENESIS_HASH;
  let previousPosition = 0n;
  let count = 0;
  const broken = (auditId: string | null, reason: string): ChainVerdict => ({ ok: false, count, auditId, reason });
  for (;;) {
    const { rows } = await sql<LinkRow>`
      select c.position::text as position, c.audit_id::text as audit_id, c.prev_hash, c.row_hash,
        a.id::text as id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        a.actor_type, a.actor_id, a.action, a.subject_type, a.subject_id, a.ip, a.before::text as before, a.after::text as after
      from audit_chain c left join audit_log a on a.id = c.audit_id
      where c.position > ${previousPosition.toString()}::bigint
      order by c.position
      limit ${LINKS_PER_PAGE}`.execute(db);
    for (const row of rows) {
      const position = BigInt(row.position);
      const name = `audit row ${row.audit_id} (link ${row.position})`;
      if (position !== previousPosition + 1n) {
        return broken(row.audit_id, `${name}: link ${previousPosition + 1n} before it is missing, a row was removed`);
      }
      if (!bytes(row.prev_hash).equals(previousHash)) {
        return broken(row.audit_id, `${name} does not follow the link before it: that link was changed`);
      }
      if (row.id === null) return broken(row.audit_id, `${name} is missing: it was deleted`);
      const fields = [row.id, row.at, row.actor_type, row.actor_id, row.action, row.subject_type, row.subject_id, row.ip, row.before, row.after];
      const hash = linkHash(previousHash, fields);
      if (!hash.equals(bytes(row.row_hash))) return broken(row.audit_id, `${name} does not match its hash: it was changed after it was written`);
      previousHash = hash;
      previousPosition = position;
      count += 1;
    }
    if (rows.length < LINKS_PER_PAGE) break;
  }

  const { rows: unlinked } = await sql<{ id: string }>`
    select a.id::text as id from audit_log a where not exists (select 1 from audit_chain c where c.audit_id = a.id) order by a.id limit 1`.execute(db);
  if (unlinked[0]) return broken(unlinked[0].id, `audit row ${unlinked[0].id} is not in the chain: it was written past the chain's trigger`);

  const { rows: heads } = await sql<{ position: string; row_hash: Buffer }>`select position::text as position, row_hash from audit_chain_head`.execute(db);
  const head = heads[0];
  if (!head) return broken(null, 'the chain has no head row');
  if (BigInt(head.position) !== previousPosition || !bytes(head.row_hash).equals(previousHash)) {
    return broken(null, `the chain ends at link ${previousPosition} but its head names link ${head.position}: links at the end were removed or changed`);
  }
  return { ok: true, count, headHash: previousHash.toString('hex') };
}
