import type { Generated } from 'kysely';

/** Crypto wallets (migration 0060). */
export interface CryptoTables {
  wallets: {
    id: Generated<string>;
    address: string;
    client_id: string;
    currency: string;
    derivation_index: number;
    ledger_account_id: string;
    created_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends CryptoTables {}
}
