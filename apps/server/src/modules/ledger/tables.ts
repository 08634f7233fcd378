import type { Generated } from 'kysely';
import type { InstantColumn } from '../../db/instant';

/** client and deposit hold clients' money (never below zero); the others are the bank's own, one per currency. */
export type LedgerAccountKind = 'client' | 'deposit' | 'clearing' | 'fee_income' | 'fx_position' | 'interest_expense';
export type HoldStatus = 'active' | 'captured' | 'released';

/** Tables of the ledger (migrations 0020 and 0024). NUMERIC and BIGINT columns read as strings. */
export interface LedgerTables {
  ledger_accounts: {
    id: Generated<string>;
    kind: LedgerAccountKind;
    currency: string;
    booked: Generated<string>;
    available: Generated<string>;
    created_at: Generated<Date>;
    /** When the account was closed to new money (migration 0098); null while it takes any. */
    credits_closed_at: Date | null;
  };
  journal_entries: {
    id: string;
    kind: string;
    transfer_id: string | null;
    created_at: InstantColumn;
  };
  postings: {
    id: Generated<string>;
    entry_id: string;
    ledger_account_id: string;
    currency: string;
    amount: string;
    created_at: InstantColumn;
  };
  ledger_holds: {
    id: Generated<string>;
    ledger_account_id: string;
    currency: string;
    amount: string;
    status: Generated<HoldStatus>;
    transfer_id: string | null;
    created_at: InstantColumn;
    closed_at: Date | null;
  };
  idempotency_keys: {
    client_id: string;
    key: string;
    request_hash: string;
    response_status: number | null;
    response_body: unknown;
    created_at: Generated<Date>;
  };
  /** The last scheduled check of the invariants (migration 0087): one row. */
  ledger_invariant_checks: {
    singleton: Generated<boolean>;
    checked_at: Date;
    violations: number;
    rules: string[];
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends LedgerTables {}
}
