-- Transfers (one row per operation: internal, international, exchange, incoming) and transactions
-- (one row per side as a client sees it: OUT for the payer, IN for the payee), read by the
-- transaction list and the statement.

create sequence transaction_number_seq start 100000001 no cycle;

create table transfers (
  id uuid primary key,
  transaction_number text not null unique,
  kind text not null check (kind in ('internal', 'international', 'exchange', 'incoming')),
  status text not null check (status in ('New', 'Approved', 'Denied', 'Processing', 'Canceling', 'Canceled', 'Refunded', 'Error')),
  -- The client who asked for it (for an incoming payment: the client credited).
  client_id uuid not null references clients (id),
  from_account_id uuid references accounts (id),
  to_account_id uuid references accounts (id),
  amount numeric not null check (amount > 0),
  currency text not null,
  fee numeric not null default 0 check (fee >= 0),
  -- Exchange: what was credited, in which currency, at which rate (the exact string confirmed).
  counter_amount numeric,
  counter_currency text,
  rate text,
  payment_region text,
  purpose text,
  template_name text,
  payment_reference text,
  payment_date date,
  recipient text,
  recipient_details jsonb,
  hold_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index transfers_client_idx on transfers (client_id, created_at desc);
create index transfers_pending_idx on transfers (status, created_at) where status in ('New', 'Processing');

create table transactions (
  id bigint generated always as identity primary key,
  transfer_id uuid not null references transfers (id),
  transaction_number text not null,
  -- Owner of the row; always the owner of account_id (every query is scoped by it).
  client_id uuid not null,
  account_id uuid not null references accounts (id),
  direction text not null check (direction in ('IN', 'OUT')),
  from_account text not null,
  to_account text not null,
  recipient text not null,
  amount numeric not null check (amount > 0),
  currency text not null,
  fee numeric not null default 0 check (fee >= 0),
  -- Available balance of account_id right after the operation.
  balance_after numeric not null,
  transaction_type text not null,
  reference text not null check (reference in ('Internal', 'Exchange', 'International')),
  status text not null,
  purpose text,
  template_name text,
  payment_region text,
  payment_reference text,
  payment_date date,
  rate text,
  created_at timestamptz not null default now()
);
-- Statement: filter by account and keyset-paginate newest first.
create index transactions_account_created_idx on transactions (account_id, created_at desc, id desc);
create index transactions_client_created_idx on transactions (client_id, created_at desc, id desc);
create index transactions_transfer_idx on transactions (transfer_id);
