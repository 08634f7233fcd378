-- Crypto transfers (docs/architecture.md#crypto-wallets) on the same transfers table as the fiat ones, so the payments queue,
-- the audit trail and the idempotency keys serve both: a transfer names a wallet where a fiat one
-- names an account. Each side as its owner sees it is a wallet_transactions row (the fiat statement
-- keeps reading `transactions`, which only ever name accounts). A crypto conversion between a wallet
-- and an account has one side in each.

alter table transfers drop constraint transfers_kind_check;
alter table transfers add constraint transfers_kind_check
  check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto', 'crypto_internal', 'crypto_deposit', 'crypto_conversion'));

alter table transfers add column from_wallet_id uuid references wallets (id);
alter table transfers add column to_wallet_id uuid references wallets (id);
-- The bank's reason for a denial, shown to the client.
alter table transfers add column status_reason text;
-- A deposit's transaction hash on its network: booked once only.
alter table transfers add column tx_hash text;
create unique index transfers_tx_hash_key on transfers (tx_hash) where tx_hash is not null;

create table wallet_transactions (
  id bigint generated always as identity primary key,
  transfer_id uuid not null references transfers (id),
  transaction_number text not null,
  -- Owner of the row; always the owner of wallet_id (every query is scoped by it).
  client_id uuid not null,
  wallet_id uuid not null references wallets (id),
  kind text not null check (kind in ('transfer', 'internal', 'deposit', 'conversion')),
  direction text not null check (direction in ('IN', 'OUT')),
  -- The other side: the recipient address, the sender's address, the network, or the account converted to or from.
  counterparty text not null,
  amount numeric not null check (amount > 0),
  currency text not null,
  fee numeric not null default 0 check (fee >= 0),
  status text not null,
  reference text,
  created_at timestamptz not null default now(),
  booked_at timestamptz
);
-- The crypto list: newest first by keyset, for all of a client's wallets or one.
create index wallet_transactions_client_idx on wallet_transactions (client_id, created_at desc, id desc);
create index wallet_transactions_wallet_idx on wallet_transactions (wallet_id, created_at desc, id desc);
create index wallet_transactions_transfer_idx on wallet_transactions (transfer_id);
