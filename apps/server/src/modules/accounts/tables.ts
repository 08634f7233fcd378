import type { Generated } from 'kysely';

/** Client accounts (migration 0021). */
export interface AccountTables {
  accounts: {
    id: Generated<string>;
    number: string;
    client_id: string;
    currency: string;
    ledger_account_id: string;
    created_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends AccountTables {}
}
