import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Db } from '../../apps/server/src/db';
import type { SecretRing } from '../../apps/server/src/lib/crypto';
import { openPan } from '../../apps/server/src/modules/cards';

/**
 * The promise that no full card number shows anywhere but the holder's reveal
 * (docs/cards.md#card-data), checked after each end-to-end spec on what the spec left: every number
 * the bank issued, opened with the stack's card data key, is searched for in the server's whole log
 * and in the text of every row of every table (the sealed numbers themselves aside). Answers where
 * each was found; nothing, when the promise holds.
 */
export async function cardNumberLeaks(env: Record<string, string>, serverOutput: string): Promise<string[]> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '' });
  try {
    return await cardNumberLeaksIn(database.db, config.cards.dataKey, serverOutput);
  } finally {
    await database.close();
  }
}

/** The search itself, on an open database with the key its numbers are sealed under. */
export async function cardNumberLeaksIn(db: Db, dataKey: SecretRing, serverOutput: string): Promise<string[]> {
  const { rows: sealed } = await sql<{ pan_sealed: string }>`select pan_sealed from cards`.execute(db);
  const numbers = sealed.map((row) => openPan(row.pan_sealed, dataKey)).filter((pan): pan is string => pan !== null);
  if (sealed.length > 0 && numbers.length !== sealed.length) return ['a card number the stack’s key does not open'];
  if (numbers.length === 0) return [];
  const { rows: tables } = await sql<{ name: string }>`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  const leaks: string[] = [];
  for (const number of numbers) if (serverOutput.includes(number)) leaks.push(`the server's log holds the number ending in ${number.slice(-4)}`);
  for (const { name } of tables) {
    // The cards table's own sealed column is the one place a number is kept, and it is ciphertext.
    const text = name === 'public.cards' ? sql`(t - 'pan_sealed')::text` : sql`t::text`;
    const { rows } = await sql<{ text: string | null }>`select string_agg(${text}, E'\n') as text from (select to_jsonb(r) as t from ${sql.raw(name)} r) rows`.execute(db);
    const dump = rows[0]?.text ?? '';
    for (const number of numbers) if (dump.includes(number)) leaks.push(`${name} holds the number ending in ${number.slice(-4)}`);
  }
  return leaks;
}
