import type { ColumnType, Generated } from 'kysely';

/** Operator or ECB rates overriding the shipped snapshot (migration 0023). */
export interface RateTables {
  fx_rates: {
    currency: string;
    per_eur: string;
    source: 'operator' | 'ecb';
    rate_date: ColumnType<Date | string, string | null | undefined, string | null> | null;
    updated_at: Generated<Date>;
    updated_by: string | null;
    /** The last ECB rate of the currency and its day (migration 0072): kept when an operator's rate replaces the rate in use. */
    ecb_per_eur: Generated<string | null>;
    ecb_rate_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
    /**
     * The last rate the ECB feed (the refresh job) loaded and its day (migration 0096). The ECB
     * reference came from the feed when its day is this day, else from a file loaded by hand.
     */
    feed_per_eur: Generated<string | null>;
    feed_rate_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  };
  /** Every rate written to fx_rates, from when it was in force (migration 0091); a null rate is the snapshot's again. */
  fx_rate_history: {
    id: Generated<string>;
    currency: string;
    per_eur: string | null;
    valid_from: Generated<Date>;
  };
  /** One row (migration 0083): when the rates in use were last loaded, which is how old they are (freshness.ts). */
  rate_freshness: {
    id: Generated<boolean>;
    loaded_at: Date;
  };
  /** One row (migration 0050): the spread on exchange; none means the default. */
  rate_settings: {
    id: Generated<boolean>;
    spread_basis_points: number;
    updated_at: Generated<Date>;
    updated_by: string | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends RateTables {}
}
