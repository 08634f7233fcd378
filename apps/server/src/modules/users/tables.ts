import type { Generated } from 'kysely';

export interface UsersTables {
  password_resets: {
    id: Generated<string>;
    client_id: string;
    token_hash: string;
    created_at: Generated<Date>;
    expires_at: Date;
    used_at: Date | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends UsersTables {}
}
