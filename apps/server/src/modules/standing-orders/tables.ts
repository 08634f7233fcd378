import type { ColumnType, Generated } from 'kysely';
import type { StandingOrderFrequency, StandingOrderStatus } from '@bank/contracts';

/** A DATE column: written as 'YYYY-MM-DD'; read it through to_char (the drivers answer a Date). */
type DateColumn = ColumnType<Date | string, string, string>;

/** Standing orders (migration 0081). */
export interface StandingOrderTables {
  standing_orders: {
    id: Generated<string>;
    client_id: string;
    kind: 'internal' | 'international';
    /** The validated transfer request, its date dropped (JSON). */
    transfer_request: ColumnType<unknown, string, never>;
    from_account: string;
    to_account: string;
    recipient: string | null;
    amount: string;
    currency: string;
    payment_reference: string | null;
    template_name: string | null;
    frequency: StandingOrderFrequency;
    day_of_month: number | null;
    start_date: DateColumn;
    end_date: ColumnType<Date | string | null, string | null | undefined, never>;
    occurrence_limit: ColumnType<number | null, number | null | undefined, never>;
    status: Generated<StandingOrderStatus>;
    next_run_date: ColumnType<Date | string | null, string | null, string | null>;
    occurrences_made: Generated<number>;
    created_at: Generated<Date>;
    updated_at: ColumnType<Date, Date | undefined, Date>;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends StandingOrderTables {}
}
