import type { ColumnType, Generated } from 'kysely';
import type { AccountType, KycStatus } from '../auth';

export interface KycTables {
  kyc_records: {
    id: Generated<string>;
    client_id: string;
    status: Generated<KycStatus>;
    account_type: AccountType;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    country: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    identity_card_type: 'passport' | 'nationalId' | 'drivingLicence' | null;
    identity_card_id: string | null;
    address: string | null;
    phone_number: string | null;
    tax_number: string | null;
    /** JSON arrays; written as JSON text, read back as arrays. */
    sources_of_wealth: ColumnType<string[], string | undefined, string>;
    is_other_sources_of_wealth: Generated<boolean>;
    other_sources_of_wealth: string | null;
    pep: Generated<boolean>;
    currencies: ColumnType<string[], string | undefined, string>;
    rejection_reason: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    decided_at: Date | null;
    decided_by: string | null;
    /** One more on every change, counted by the database (migration 0073). */
    version: Generated<number>;
    /** The version the operator's decision was made on. */
    decided_version: number | null;
  };
  /** Decisions on a submission that needs two (enhanced due diligence, migration 0097). */
  kyc_decisions: {
    id: Generated<string>;
    kyc_id: string;
    operator_id: string;
    status: 'Approved' | 'Rejected';
    reason: string | null;
    version: number;
    decided_at: Generated<Date>;
  };
  /** Every change of a client's risk level, each held by an approved proposal (migration 0097); append-only. */
  client_risk_changes: {
    id: Generated<string>;
    client_id: string;
    level: 'standard' | 'high';
    reason: string;
    proposed_by: string;
    approved_by: string;
    approval_id: string;
    created_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends KycTables {}
}
