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
