import type { ColumnType, Generated } from 'kysely';

/** A DATE column: written as 'YYYY-MM-DD', read back as a Date by the drivers. */
type DateColumn = ColumnType<Date | string, string, string>;

/** A monthly fee charged: one row per client and month, with what was paid. */
interface MonthlyFeeCharges {
  client_id: string;
  month: DateColumn;
  fee_eur: string;
  paid_eur: string;
  charged_at: Generated<Date>;
}

/** What a client could not pay of a month's fee, and what is still outstanding. */
interface MonthlyFeeArrears {
  client_id: string;
  month: DateColumn;
  amount_eur: string;
  outstanding_eur: string;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

/** The monthly account maintenance fee and its arrears (migration 0083), and the high-risk service fee (migration 0097). Amounts in EUR. */
export interface FeeTables {
  maintenance_charges: MonthlyFeeCharges;
  maintenance_arrears: MonthlyFeeArrears;
  maintenance_months: {
    month: DateColumn;
    charged: boolean;
    completed_at: Generated<Date>;
  };
  /** The monthly high-risk service fee in force: one version per approved proposal (migration 0097); append-only. */
  high_risk_fee_versions: {
    id: Generated<string>;
    amount_eur: string;
    approval_id: string;
    created_at: Generated<Date>;
  };
  /** The high-risk service fee charged, one row per client and month, and its arrears (migration 0097). */
  high_risk_charges: MonthlyFeeCharges;
  high_risk_arrears: MonthlyFeeArrears;
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends FeeTables {}
}
