-- Debit cards (docs/cards.md): virtual and physical MasterCard cards in USD on a client's USD
-- account. The number is kept as issuers keep it: sealed with AES-256-GCM under CARD_DATA_KEY, found
-- by a keyed hash of it, and shown in full by nothing but the holder's step-up reveal; the CVC is
-- derived from it, never stored.
create table cards (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id),
  account_id uuid not null references accounts (id),
  type text not null check (type in ('virtual', 'physical')),
  status text not null check (status in ('Ordered', 'Produced', 'Shipped', 'Active', 'Frozen', 'Blocked', 'Expired')),
  pan_sealed text not null,
  -- HMAC-SHA256 of the number under CARD_DATA_KEY: the look-up, unique across every card ever issued.
  pan_hash text not null unique,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  expiry_month integer not null check (expiry_month between 1 and 12),
  expiry_year integer not null check (expiry_year between 2000 and 2100),
  delivery_address jsonb,
  limit_per_transaction numeric(20, 2) not null check (limit_per_transaction > 0),
  limit_monthly numeric(20, 2) not null check (limit_monthly > 0),
  online_allowed boolean not null default true,
  countries_blocked text[] not null default '{}',
  -- The card this one replaced (lost, stolen, damaged).
  replaces uuid references cards (id),
  blocked_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((type = 'physical') = (delivery_address is not null)),
  check (type = 'physical' or status not in ('Ordered', 'Produced', 'Shipped'))
);
create index cards_client_idx on cards (client_id, created_at desc);
