import type { Generated } from 'kysely';

/** Clients closed by the bank and the payouts of what they held (migration 0098). NUMERIC columns read as strings. */
export interface ClosureTables {
  client_closures: {
    client_id: string;
    reason: string;
    proposed_by: string;
    approved_by: string;
    approval_id: string;
    closed_at: Generated<Date>;
    fee_eur: string;
    fee_paid_eur: string;
  };
  closure_payouts: {
    id: Generated<string>;
    client_id: string;
    account_id: string | null;
    wallet_id: string | null;
    operation_id: string;
    /** The IBAN or the coin's address it went to. */
    destination: string;
    created_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends ClosureTables {}
}
