import type { Generated } from 'kysely';

/**
 * Kysely's view of the tables. Each module owns its tables and declares them in its own
 * `tables.ts`, which adds them to `Database` below by declaration merging: the database layer
 * names no module, and the modules stand above it (docs/architecture.md).
 */

export interface FoundationTables {
  audit_log: {
    id: Generated<string>;
    at: Generated<Date>;
    actor_type: 'client' | 'operator' | 'system' | 'anonymous';
    actor_id: string | null;
    action: string;
    subject_type: string | null;
    subject_id: string | null;
    ip: string | null;
    before: unknown;
    after: unknown;
  };
  schema_migrations: { name: string; applied_at: Generated<Date> };
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the modules' tables.ts files widen it
export interface Database extends FoundationTables {}
