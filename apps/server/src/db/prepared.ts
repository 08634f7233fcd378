import { createHash, randomBytes } from 'node:crypto';
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

/**
 * A prepared statement's result type is fixed when it is prepared: after a migration changes a
 * table it reads whole (`select *`, `returning *`), PostgreSQL refuses to run it again (0A000,
 * "cached plan must not change result type"). The text then gets a new name, prepared afresh on
 * every connection, and the query runs once more under it (inside a transaction the refusal has
 * already aborted, that retry fails too and the request with it; the next one runs).
 */
function isStalePlan(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

function renamed(text: string, stale: string): string {
  const name = `${stale.slice(0, 31)}_${randomBytes(4).toString('hex')}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pooled client send its parameterised text queries as named prepared statements. (A
 * connection pooler in transaction mode, such as PgBouncer's, cannot keep them: connect to
 * PostgreSQL, or to a pooler in session mode.)
 */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values, ...rest] = args;
    // Kysely passes (text, values) and awaits the promise; anything else goes through as it is.
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || rest.length > 0) return query(...args);
    const name = nameOf(text);
    if (name === undefined) return query(...args);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      // Another query may have renamed it already.
      const current = names.get(text);
      return query({ name: current !== undefined && current !== name ? current : renamed(text, name), text, values });
    });
  };
}
