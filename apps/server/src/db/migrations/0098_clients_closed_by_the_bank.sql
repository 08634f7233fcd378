-- Closing a client who breaches the bank's policy (docs/bank-controls.md#closing-a-client): a
-- four-eyes act (approval kind 'clientClosure') that ends the client's sessions, charges the closing
-- fee, closes the client's ledger accounts to new money and leaves the client only the closure, the
-- statement and the payout of what remains.

-- A ledger account closed to new money: from this instant the ledger refuses every credit to it but
-- the client's own money coming back (a reversal, a term deposit's payouts); ledger.ts holds the rule
-- and the invariant check (invariants.ts) finds any credit that passed it.
alter table ledger_accounts add column credits_closed_at timestamptz;

-- A client the bank has closed signs in to the closure alone: the session reads it with the KYC status.
alter table clients add column closed_by_bank_at timestamptz;

-- The closure of a client, once approved: why, by whom, and the closing fee (in EUR: what the
-- accounts paid and what they could not). One per client, written once.
create table client_closures (
  client_id uuid primary key references clients (id),
  reason text not null,
  proposed_by uuid not null references operators (id),
  approved_by uuid not null references operators (id),
  approval_id uuid not null unique references approvals (id),
  closed_at timestamptz not null default now(),
  fee_eur numeric(20, 2) not null check (fee_eur >= 0),
  fee_paid_eur numeric(20, 2) not null check (fee_paid_eur >= 0 and fee_paid_eur <= fee_eur),
  check (proposed_by <> approved_by)
);

-- Each payout of what remains on an account or a wallet of a closed client: the transfer it made
-- and where it went (an IBAN, or a coin's address).
create table closure_payouts (
  id bigint generated always as identity primary key,
  client_id uuid not null references client_closures (client_id),
  account_id uuid references accounts (id),
  wallet_id uuid references wallets (id),
  operation_id uuid not null unique references operations (id),
  destination text not null,
  created_at timestamptz not null default now(),
  check (num_nonnulls(account_id, wallet_id) = 1)
);
create index closure_payouts_client_idx on closure_payouts (client_id, id desc);

-- Both only grow, whoever asks, refused by migration 0097's function, which names the table.
create trigger client_closures_append_only before update or delete or truncate on client_closures
  for each statement execute function high_risk_history_refuse_change();
create trigger closure_payouts_append_only before update or delete or truncate on closure_payouts
  for each statement execute function high_risk_history_refuse_change();
