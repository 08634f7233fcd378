import type { Generated } from 'kysely';

export interface ContactTables {
  contact_messages: {
    id: Generated<string>;
    received_at: Generated<Date>;
    name: string;
    email: string;
    phone: string;
    message: string | null;
    ip: string | null;
    handled_at: Date | null;
    handled_by: string | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends ContactTables {}
}
