-- Term deposits (docs/product.md#tariffs-and-limits, docs/deposits.md). A deposit is a ledger account of its own ('deposit'), holding
-- the principal while it runs; its interest is paid from the bank's interest expense account
-- ('interest_expense', one per currency) to the client's account it was funded from.

alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check
  check (kind in ('client', 'clearing', 'fee_income', 'fx_position', 'deposit', 'interest_expense'));
-- A deposit holds a client's money: never below zero, as a client account.
alter table ledger_accounts add constraint ledger_accounts_deposit_not_negative
  check (kind <> 'deposit' or (booked >= 0 and available >= 0));
-- One bank account of each kind per currency; deposits, like client accounts, are many.
drop index ledger_accounts_bank_key;
create unique index ledger_accounts_bank_key on ledger_accounts (kind, currency) where kind not in ('client', 'deposit');

insert into ledger_accounts (kind, currency)
select 'interest_expense', currency from ledger_accounts where kind = 'clearing' order by currency;

alter table transfers drop constraint transfers_kind_check;
alter table transfers add constraint transfers_kind_check
  check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto', 'crypto_internal', 'crypto_deposit', 'crypto_conversion',
    'reversal', 'fee', 'deposit'));

-- The rate table in force: the newest version. With none, DEPOSITS in tariffs.ts is in force; a
-- version is written only by an approved four-eyes proposal (approval_id), never changed after.
create table deposit_rate_versions (
  id bigint generated always as identity primary key,
  -- {"withHistory": {"EUR": 1100, "USD": 1200}, "withoutHistory": {"EUR": 1000, "USD": 1100}} in basis points.
  rates jsonb not null,
  approval_id uuid references approvals (id),
  created_at timestamptz not null default now()
);

create table deposits (
  id uuid primary key default gen_random_uuid(),
  -- What the client and the bank call it (DEP-YYYYMMDD-NNNNNN).
  number text not null unique,
  client_id uuid not null references clients (id),
  -- The account the principal and fee came from; interest and principal go back to it.
  account_id uuid not null references accounts (id),
  ledger_account_id bigint not null unique references ledger_accounts (id),
  currency text not null check (currency in ('EUR', 'USD')),
  principal numeric(20, 2) not null check (principal > 0),
  -- Fixed on opening from the table in force and the client's history then.
  rate_basis_points integer not null check (rate_basis_points > 0 and rate_basis_points < 10000),
  history_tier text not null check (history_tier in ('withHistory', 'withoutHistory')),
  term_months smallint not null check (term_months between 3 and 60),
  payout_months smallint not null check (payout_months in (1, 3, 6, 12)),
  opening_date date not null,
  maturity_date date not null,
  -- The opening fee as charged, in the deposit's currency, and its EUR figure.
  opening_fee numeric(20, 2) not null check (opening_fee >= 0),
  opening_fee_eur numeric(20, 2) not null check (opening_fee_eur >= 0),
  -- The interest the quote showed (the sum of every payout when it runs to maturity).
  total_interest numeric(20, 2) not null check (total_interest >= 0),
  status text not null default 'Active' check (status in ('Active', 'Matured', 'ClosedEarly')),
  closed_on date,
  closed_at timestamptz,
  forfeited_interest numeric(20, 2) check (forfeited_interest >= 0),
  opening_transfer_id uuid not null references transfers (id),
  closing_transfer_id uuid references transfers (id),
  opened_at timestamptz not null default now(),
  check (payout_months <= term_months),
  check (maturity_date > opening_date),
  check ((status = 'Active') = (closed_on is null)),
  check ((status = 'Active') = (closing_transfer_id is null)),
  check ((status = 'ClosedEarly') = (forfeited_interest is not null))
);
create index deposits_client_idx on deposits (client_id, opened_at desc);
-- The payout sweep reads the running deposits.
create index deposits_active_idx on deposits (opening_date) where status = 'Active';

-- Each payment of interest, keyed by the deposit and its place in the schedule: written once, so a
-- payout is made once however many nodes run the sweep and however often. The last one is made at
-- maturity with the principal's return.
create table deposit_payouts (
  deposit_id uuid not null references deposits (id),
  sequence smallint not null check (sequence >= 1),
  due_date date not null,
  amount numeric(20, 2) not null check (amount >= 0),
  -- The transfer that paid it (none for a payout of no interest).
  transfer_id uuid references transfers (id),
  paid_at timestamptz not null default now(),
  primary key (deposit_id, sequence)
);

select pgboss.create_queue('deposits.payouts', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
