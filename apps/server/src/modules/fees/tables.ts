import type { ColumnType, Generated } from 'kysely';

/** A DATE column: written as 'YYYY-MM-DD', read back as a Date by the drivers. */
type DateColumn = ColumnType<Date | string, string, string>;

/** The monthly account maintenance fee and its arrears (migration 0083). Amounts in EUR. */
export interface FeeTables {
  maintenance_charges: {
    client_id: string;
    month: DateColumn;
    fee_eur: string;
    paid_eur: string;
    charged_at: Generated<Date>;
  };
  maintenance_arrears: {
    client_id: string;
    month: DateColumn;
    amount_eur: string;
    outstanding_eur: string;
    created_at: Generated<Date>;
    settled_at: Date | null;
  };
  maintenance_months: {
    month: DateColumn;
    charged: boolean;
    completed_at: Generated<Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends FeeTables {}
}
