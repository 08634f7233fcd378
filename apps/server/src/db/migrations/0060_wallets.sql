-- Crypto wallets (docs/architecture.md#crypto-wallets): one per coin per client, each with a deposit address derived at an
-- index of its own that is never handed out again, and a client ledger account for its balances.

create sequence wallet_derivation_index_seq start 0 minvalue 0 maxvalue 2147483647 no cycle;

create table wallets (
  id uuid primary key default gen_random_uuid(),
  address text not null unique,
  client_id uuid not null references clients (id),
  currency text not null check (currency in ('BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'USDC')),
  derivation_index integer not null unique,
  ledger_account_id bigint not null unique references ledger_accounts (id),
  created_at timestamptz not null default now(),
  constraint wallets_one_per_currency unique (client_id, currency)
);
