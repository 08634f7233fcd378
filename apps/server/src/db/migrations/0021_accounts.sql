-- Client accounts: a number with check digits over a serial that is never reused, one account per
-- currency per client, each backed by one client ledger account holding its balances.

create sequence account_serial_seq start 1 no cycle;

create table accounts (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  client_id uuid not null references clients (id),
  currency text not null,
  ledger_account_id bigint not null unique references ledger_accounts (id),
  created_at timestamptz not null default now(),
  constraint accounts_one_per_currency unique (client_id, currency)
);
