import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * A database's rows as data: every table of the bank's schema (the job queue's own schema aside)
 * with its rows, and where each sequence stands. Numbers and identifiers are kept as text, so no
 * amount passes through a floating-point number on its way; each value goes back into its column
 * through PostgreSQL's own conversion from JSON. Loading replaces every row of the tables named,
 * with the triggers off (the rows were checked when they were first written, and the audit chain's
 * links are rows of the fixture too), and sets the sequences where they stood.
 */
export interface DatabaseRows {
  tables: Record<string, unknown[]>;
  /** Each sequence's last value; null for one never used. */
  sequences: Record<string, string | null>;
}

async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
    order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** A table's columns that take a value (not the generated ones), in order, with their types. */
async function columnsOf(db: Db, table: string): Promise<Array<{ name: string; type: string }>> {
  const { rows } = await sql<{ name: string; type: string }>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows;
}

const AS_TEXT = new Set(['numeric', 'bigint', 'integer', 'smallint']);

export async function dumpRows(db: Db): Promise<DatabaseRows> {
  const tables: Record<string, unknown[]> = {};
  for (const table of await tableNames(db)) {
    const columns = await columnsOf(db, table);
    const list = sql.join(columns.map((column) => (AS_TEXT.has(column.type) ? sql`${sql.ref(column.name)}::text as ${sql.ref(column.name)}` : sql.ref(column.name))));
    const { rows } = await sql<{ rows: unknown[] | null }>`
      select json_agg(t) as rows from (select ${list} from ${sql.table(table)} order by 1) t`.execute(db);
    tables[table] = rows[0]?.rows ?? [];
  }
  const { rows: sequences } = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences where schemaname = current_schema() order by sequencename`.execute(db);
  return { tables, sequences: Object.fromEntries(sequences.map((row) => [row.name, row.value])) };
}

export async function loadRows(db: Db, data: DatabaseRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    const names = Object.keys(data.tables);
    await sql`truncate ${sql.join(names.map((name) => sql.table(name)))}`.execute(trx);
    for (const name of names) {
      const rows = data.tables[name]!;
      if (rows.length === 0) continue;
      const columns = sql.join((await columnsOf(trx, name)).map((column) => sql.ref(column.name)));
      await sql`
        insert into ${sql.table(name)} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${sql.table(name)}, ${JSON.stringify(rows)}::json)`.execute(trx);
    }
    for (const [name, value] of Object.entries(data.sequences)) {
      if (value === null) await sql`select setval(${name}::regclass, 1, false)`.execute(trx);
      else await sql`select setval(${name}::regclass, ${value}::bigint, true)`.execute(trx);
    }
  });
}
