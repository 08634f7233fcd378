import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { ValueOf } from './fixed-statement';
import type { Database } from './schema';

/** The PostgreSQL element type of a column's array parameter. */
export type ArrayElementType = 'uuid' | 'text' | 'numeric' | 'bigint' | 'timestamptz' | 'date' | 'jsonb';

type Cell = string | null;

/** The columns of a table as Kysely inserts them. */
type Columns<T extends keyof Database> = Insertable<Database[T]>;

/** Rows of a table with the columns `Column`, each cell checked against its Kysely type. */
type Rows<T extends keyof Database, Column extends keyof Columns<T> & string> = ReadonlyArray<{ readonly [C in Column]: Columns<T>[C] & Cell }>;

/** Many rows of one table as a FROM item, and their columns to insert and select. */
export interface UnnestedRows<Column extends string> {
  /** The column names, in order: for `insert into table (…)`. */
  columns: RawBuilder<unknown>;
  /** The same columns of the FROM item (alias.column, …), each replaceable by another expression. */
  values(replaced?: Partial<Record<Column, RawBuilder<unknown>>>): RawBuilder<unknown>;
  /** `unnest($1::type[], …) with ordinality as alias (column, …, position)`. */
  from: RawBuilder<unknown>;
  /** alias.position: the rows' order as given. */
  position: RawBuilder<unknown>;
}

/**
 * Rows of a table as one `unnest` of one array parameter per column, however many rows there are.
 * A batch of hundreds of operations is thousands of cells: bound one by one (Kysely's values())
 * they cost several times more to compile, send and plan than a few arrays, while the balance
 * rows stay locked. `types` names the columns (checked against the table) with their SQL types;
 * the rows are objects with those columns, each checked against its Kysely type; the column list,
 * the arrays and the select list are all generated from `types` in one order, so no column can
 * fall out of step with another.
 */
export function unnestRows<T extends keyof Database, Column extends keyof Columns<T> & string>(
  _table: T,
  alias: string,
  types: { readonly [C in Column]: ArrayElementType },
  rows: Rows<T, Column>,
): UnnestedRows<Column> {
  return unnestSql(alias, types, (name) => sql`${cellsOf(rows, name)}`);
}

/** A table's rows as unnestRows writes them, in a fixed statement (db/fixed-statement.ts). */
export interface UnnestedTable<T extends keyof Database, Column extends keyof Columns<T> & string> {
  /** The FROM item and columns, each column's array the statement's value named `alias.column`. */
  named(value: ValueOf): UnnestedRows<Column>;
  /** Those values for the rows of one run. */
  values(rows: Rows<T, Column>): Record<string, Cell[]>;
}

/** unnestRows for a fixed statement: its SQL built once, its arrays given on each run. */
export function unnestedTable<T extends keyof Database, Column extends keyof Columns<T> & string>(
  _table: T,
  alias: string,
  types: { readonly [C in Column]: ArrayElementType },
): UnnestedTable<T, Column> {
  const names = Object.keys(types) as Column[];
  return {
    named: (value) => unnestSql(alias, types, (name) => value(`${alias}.${name}`)),
    values: (rows) => Object.fromEntries(names.map((name) => [`${alias}.${name}`, cellsOf(rows, name)])),
  };
}

function cellsOf<Column extends string>(rows: ReadonlyArray<{ readonly [C in Column]: unknown }>, name: Column): Cell[] {
  return rows.map((row) => (row[name] as Cell | undefined) ?? null);
}

function unnestSql<Column extends string>(
  alias: string,
  types: { readonly [C in Column]: ArrayElementType },
  arrayOf: (name: Column) => RawBuilder<unknown>,
): UnnestedRows<Column> {
  const names = Object.keys(types) as Column[];
  const arrays = names.map((name) => sql`${arrayOf(name)}::${sql.raw(types[name])}[]`);
  const columns = sql.join(names.map((name) => sql.ref(name)));
  return {
    columns,
    values: (replaced = {}) => sql.join(names.map((name) => replaced[name] ?? sql.ref(`${alias}.${name}`))),
    from: sql`unnest(${sql.join(arrays)}) with ordinality as ${sql.ref(alias)} (${columns}, position)`,
    position: sql.ref(`${alias}.position`),
  };
}
