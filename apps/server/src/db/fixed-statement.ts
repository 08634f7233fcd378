import { CompiledQuery, sql, type QueryResult, type RawBuilder } from 'kysely';
import type { Db } from '.';

/** Where a fixed statement takes one of its values, by name. */
class NamedValue {
  constructor(readonly name: string) {}
}

/** The values of one run of a fixed statement, by the names its build gave them. */
export type StatementValues = Readonly<Record<string, unknown>>;

/** A value of a fixed statement, given on each run under `name`. */
export type ValueOf = (name: string) => RawBuilder<unknown>;

/** Runs a fixed statement with one run's values. */
export type FixedStatement<Row> = (db: Db, values: StatementValues) => Promise<QueryResult<Row>>;

/**
 * A statement whose text is the same on every run, only its values changing: built and compiled by
 * Kysely once, on its first run, then sent with each run's values. On the request paths building a
 * statement's tree and compiling it cost the server more than PostgreSQL spends executing it (a
 * transfer's batch records are some sixty nodes, a session's look-up thirty).
 *
 * `build` names every value it needs with `value(name)`; a value written into the statement any
 * other way would be sent again on every later run, whatever the run, so it is refused when the
 * statement is first compiled (constants go in as SQL: `sql.lit`, `sql.raw`). Every name must be
 * given on every run. Both dialects (PostgreSQL and PGlite) compile the same text.
 *
 * A database handle with plugins (a test's counter of statements) runs the statement as Kysely runs
 * any other, built afresh with the run's values: a plugin sees the real values, and its query and
 * result steps share one query id.
 */
export function fixedStatement<Row>(build: (value: ValueOf) => RawBuilder<Row>): FixedStatement<Row> {
  let compiled: { text: string; names: readonly string[] } | undefined;
  return async (db, values) => {
    const valueOf = (name: string) => {
      if (!Object.hasOwn(values, name)) throw new Error(`A fixed statement was run without its value "${name}"`);
      return values[name];
    };
    if (db.getExecutor().plugins.length > 0) {
      compiled ??= compileNamed(db.withoutPlugins(), build);
      return build((name) => sql`${valueOf(name)}`).execute(db);
    }
    compiled ??= compileNamed(db, build);
    return (await db.executeQuery(CompiledQuery.raw(compiled.text, compiled.names.map(valueOf)))) as QueryResult<Row>;
  };
}

function compileNamed<Row>(db: Db, build: (value: ValueOf) => RawBuilder<Row>): { text: string; names: readonly string[] } {
  const query = build((name) => sql`${new NamedValue(name)}`).compile(db);
  const names = query.parameters.map((parameter, index) => {
    if (!(parameter instanceof NamedValue)) throw new Error(`A fixed statement's parameter $${index + 1} is not a named value: ${query.sql}`);
    return parameter.name;
  });
  return { text: query.sql, names };
}
