import { sql } from 'kysely';
import type { Db } from '../db';
import { openWithRing, type SecretRing } from './crypto';

/**
 * A column that holds secrets sealed under APP_SECRET (lib/crypto.ts sealSecret), named by the
 * module that seals into it, with the purpose it seals for.
 */
export interface SealedColumn {
  table: 'clients' | 'operators' | 'outgoing_mail';
  column: 'totp_secret' | 'totp_pending_secret' | 'sealed_body';
  purpose: string;
}

export interface ResealCount {
  /** Rows with a sealed value. */
  checked: number;
  /** Sealed under the previous secret, and now sealed anew under the current one. */
  resealed: number;
  /** Opened by neither secret: sealed under one since dropped; its owner must set it up again. */
  unreadable: number;
}

/** Rows read at a time: the table is walked in id order, never held whole in memory. */
const BATCH_ROWS = 500;

/**
 * Seals anew under the current secret every value of a column that the previous one sealed, so that
 * nothing sealed depends on the previous secret any more and it can be dropped at once. Each row is
 * written only if it still holds what was read: a value changed meanwhile is left to its new writer.
 */
export async function resealColumn(db: Db, sealed: SealedColumn, secret: SecretRing): Promise<ResealCount> {
  const count: ResealCount = { checked: 0, resealed: 0, unreadable: 0 };
  const table = sql.table(sealed.table);
  const column = sql.ref(sealed.column);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; value: string }>`
      select id, ${column} as value from ${table}
      where id > ${after}::uuid and ${column} is not null order by id limit ${BATCH_ROWS}`.execute(db);
    for (const row of rows) {
      count.checked += 1;
      const opened = openWithRing(row.value, secret, sealed.purpose);
      if (!opened) count.unreadable += 1;
      else if (opened.stale) {
        const { numAffectedRows } = await sql`update ${table} set ${column} = ${opened.resealed} where id = ${row.id} and ${column} = ${row.value}`.execute(db);
        if (numAffectedRows && numAffectedRows > 0n) count.resealed += 1;
      }
    }
    if (rows.length < BATCH_ROWS) return count;
    after = rows.at(-1)!.id;
  }
}
