-- Daily credit and debit totals of each ledger account, per UTC day: a cache derived from the
-- postings so a statement's opening balance and turnovers over years of history read a few hundred
-- day rows instead of every posting. Only days that are settled (no transaction that could still
-- add a posting dated that day is open) are written, once; the postings stay the only truth.
create table statement_daily_totals (
  ledger_account_id bigint not null references ledger_accounts (id),
  day date not null,
  credit numeric not null,
  debit numeric not null,
  primary key (ledger_account_id, day)
);

-- Per ledger account: every settled day before `settled_before` is in statement_daily_totals
-- (a day without postings has no row).
create table statement_daily_totals_marks (
  ledger_account_id bigint primary key references ledger_accounts (id),
  settled_before date not null
);

-- The statement filters that match by equality and can be rare in a long history: a transaction
-- type the client seldom uses, an exact amount. Without these a page of them would walk the
-- client's whole keyset index.
create index transactions_client_type_idx on transactions (client_id, transaction_type, created_at desc, id desc);
create index transactions_client_amount_idx on transactions (client_id, amount, created_at desc, id desc);
