-- Ledger: ledger accounts with their balances, journal entries, postings and holds.
-- Only the ledger module writes these tables. Amounts are NUMERIC in major units of the account's
-- currency ("1250.00"); code works in bigint minor units and formats with the currency's scale.

create table ledger_accounts (
  id bigint generated always as identity primary key,
  -- client: a client's money (a liability of the bank); the others are the bank's own accounts.
  kind text not null check (kind in ('client', 'clearing', 'fee_income', 'fx_position')),
  currency text not null,
  -- booked = sum of this account's postings; available = booked minus active holds.
  booked numeric not null default 0,
  available numeric not null default 0,
  created_at timestamptz not null default now(),
  -- No client balance below zero: checked in code before every write, and here as the last line.
  constraint ledger_accounts_client_not_negative check (kind <> 'client' or (booked >= 0 and available >= 0)),
  constraint ledger_accounts_available_within_booked check (available <= booked)
);
-- One bank account of each kind per currency.
create unique index ledger_accounts_bank_key on ledger_accounts (kind, currency) where kind <> 'client';

insert into ledger_accounts (kind, currency)
select kinds.kind, currencies.currency
from (values ('clearing'), ('fee_income'), ('fx_position')) as kinds (kind)
cross join (values ('USD'), ('EUR'), ('GBP'), ('CHF'), ('RUB'), ('TRY'), ('AED'), ('CNY'), ('AUD'), ('CZK'), ('PLN'),
  ('CAD'), ('USDT'), ('BTC'), ('ETH'), ('BNB'), ('SOL'), ('USDC')) as currencies (currency)
order by currencies.currency, kinds.kind;

-- One money movement: its postings sum to zero per currency (asserted in code before the write).
create table journal_entries (
  id uuid primary key,
  kind text not null,
  -- The business operation behind the entry (transfers.id), when there is one.
  transfer_id uuid,
  created_at timestamptz not null default now()
);
create index journal_entries_transfer_idx on journal_entries (transfer_id) where transfer_id is not null;

create table postings (
  id bigint generated always as identity primary key,
  entry_id uuid not null references journal_entries (id),
  ledger_account_id bigint not null references ledger_accounts (id),
  currency text not null,
  -- Signed: a credit to the account is positive.
  amount numeric not null check (amount <> 0),
  created_at timestamptz not null default now()
);
-- Opening and closing balances at any time come from an account's postings in time order.
create index postings_account_idx on postings (ledger_account_id, created_at, id);
create index postings_entry_idx on postings (entry_id);

-- Funds reserved for a pending transfer: available drops at once, booked only when it settles.
create table ledger_holds (
  id uuid primary key default gen_random_uuid(),
  ledger_account_id bigint not null references ledger_accounts (id),
  currency text not null,
  amount numeric not null check (amount > 0),
  status text not null default 'active' check (status in ('active', 'captured', 'released')),
  transfer_id uuid,
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
create index ledger_holds_active_idx on ledger_holds (ledger_account_id) where status = 'active';

-- History is append-only: a correction is a new entry. Refuse any change to written history.
create function ledger_refuse_history_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger history is append-only: % on % refused', tg_op, tg_table_name;
end
$$;
create trigger journal_entries_append_only before update or delete or truncate on journal_entries
  for each statement execute function ledger_refuse_history_change();
create trigger postings_append_only before update or delete or truncate on postings
  for each statement execute function ledger_refuse_history_change();
