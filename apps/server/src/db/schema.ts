import type { Generated } from 'kysely';

/**
 * Kysely's view of the tables. Each module owns its tables and declares them in its own
 * `tables.ts`; this file only composes them.
 */
import type { IdentityTables } from '../modules/auth/tables';
import type { ModuleTables } from './module-tables';

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

export interface Database extends FoundationTables, IdentityTables, ModuleTables {}
