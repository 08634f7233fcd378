import { sql } from 'kysely';
import type { Db } from '../db';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreOptions {
  routeInfo?: { method?: string; url?: string };
}

/** Share of calls that also sweep long-expired counters, so the table stays small without a job. */
const SWEEP_PROBABILITY = 0.01;

/**
 * A store for @fastify/rate-limit that keeps its counters in the database: one fixed window per key
 * and route, counted with a single upsert, so every server behind a load balancer sees the same
 * count (docs/reliability.md#more-than-one-api-node). Keys are namespaced by route, as the plugin's own per-route stores are.
 */
export function createDatabaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    // The plugin passes its merged route parameters, which carry `routeInfo` (its typings say otherwise).
    constructor(options: object = {}) {
      const { routeInfo } = options as StoreOptions;
      this.namespace = `${routeInfo?.method ?? '*'} ${routeInfo?.url ?? '*'}`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const windowMs = `${Math.max(1, Math.floor(timeWindow))} milliseconds`;
      sql<{ hits: number; ttl_ms: string }>`
        insert into rate_limits as current (key, hits, expires_at)
        values (${`${this.namespace}|${key}`}, 1, now() + ${windowMs}::interval)
        on conflict (key) do update set
          hits = case when current.expires_at <= now() then 1 else current.hits + 1 end,
          expires_at = case when current.expires_at <= now() then now() + ${windowMs}::interval else current.expires_at end
        returning hits, floor(extract(epoch from (expires_at - now())) * 1000)::text as ttl_ms`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          callback(null, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) });
          if (Math.random() < SWEEP_PROBABILITY) {
            void sql`delete from rate_limits where expires_at < now() - interval '1 hour'`.execute(db).catch(() => undefined);
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
