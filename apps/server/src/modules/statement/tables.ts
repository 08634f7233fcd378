/** The statement's own tables (migration 0031): a cache of daily totals derived from the postings. */
export interface StatementTables {
  statement_daily_totals: {
    ledger_account_id: string;
    day: string;
    credit: string;
    debit: string;
  };
  statement_daily_totals_marks: {
    ledger_account_id: string;
    settled_before: string;
  };
}

/** Signed PDF statements (migration 0066): what was signed under each printed code, never the file. */
export interface StatementSignatureTables {
  statement_signatures: {
    code: string;
    client_id: string;
    account_number: string;
    holder_name_masked: string;
    currency: string;
    period_first_day: string | null;
    period_last_day: string | null;
    issued_at: Date;
    language: 'en' | 'ru';
    opening_balance: string;
    credit_turnover: string;
    debit_turnover: string;
    closing_balance: string;
    row_count: number | null;
    digest: string | null;
    signature: string | null;
    key_id: string | null;
    file_sha256: string | null;
    completed_at: Date | null;
  };
}

// The database's typed schema (db/schema.ts) takes each module's tables from this declaration,
// so the database layer names no module.
declare module '../../db/schema' {
  interface Database extends StatementTables {}
  interface Database extends StatementSignatureTables {}
}
