import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for the queries the app sends again and again. PostgreSQL then parses
 * a statement once per connection, and after a few runs plans it once too (a generic plan), where
 * an unnamed statement is parsed and planned on every run: on the request paths, whose queries are
 * small, that is a large share of the database's work per request.
 *
 * Only statements with parameters are named: the app's queries all have them, while parameterless
 * text may be a migration of many statements, which the extended protocol cannot run. The name is
 * a hash of the text, so every connection prepares the same statement under the same name, lazily,
 * on its first run there (a new connection after a restart simply prepares again). Texts are
 * counted, and past MAX_NAMED_TEXTS new ones run unnamed, so an unforeseen stream of distinct texts
 * cannot fill the server's memory with statements.
 */
export const MAX_NAMED_TEXTS = 2_000;

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED_TEXTS) return known;
  const name = `q${createHash('sha256').update(text).digest('hex').slice(0, 30)}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** Makes a pooled client send its parameterised text queries as named prepared statements. */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values, ...rest] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(...args);
    const name = nameOf(text);
    return name === undefined ? query(...args) : query({ name, text, values }, ...rest);
  };
}
