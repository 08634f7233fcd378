import type { ColumnType, Generated } from 'kysely';
import type { DepositCurrency, DepositHistoryTier, DepositStatus } from '@bank/contracts';

/** A DATE column: written as 'YYYY-MM-DD'; read it through to_char (the drivers answer a Date). */
type DateColumn = ColumnType<Date | string, string, string>;

/** Term deposits (migrations 0088 and 0089). NUMERIC and BIGINT columns read as strings. */
export interface DepositTables {
  deposit_rate_versions: {
    id: Generated<string>;
    /** DepositRateTable in basis points (JSON). */
    rates: ColumnType<unknown, string, never>;
    approval_id: string | null;
    created_at: Generated<Date>;
  };
  deposits: {
    id: Generated<string>;
    number: string;
    client_id: string;
    account_id: string;
    ledger_account_id: string;
    currency: DepositCurrency;
    principal: string;
    rate_basis_points: number;
    history_tier: DepositHistoryTier;
    term_months: number;
    payout_months: number;
    opening_date: DateColumn;
    maturity_date: DateColumn;
    opening_fee: string;
    opening_fee_eur: string;
    total_interest: string;
    status: Generated<DepositStatus>;
    /** The first payout of the schedule not yet made, while the deposit runs (migration 0089). */
    next_payout_date: ColumnType<Date | string | null, string | null, string | null>;
    closed_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
    closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    forfeited_interest: ColumnType<string | null, string | null | undefined, string | null>;
    opening_transfer_id: string;
    closing_transfer_id: ColumnType<string | null, string | null | undefined, string | null>;
    opened_at: Generated<Date>;
  };
  deposit_payouts: {
    deposit_id: string;
    sequence: number;
    due_date: DateColumn;
    amount: string;
    transfer_id: string | null;
    paid_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends DepositTables {}
}
