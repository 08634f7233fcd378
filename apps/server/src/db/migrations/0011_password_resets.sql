-- Password-reset links: single use, valid 30 minutes; only a keyed hash of the token is stored.
create table password_resets (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_client_idx on password_resets (client_id) where used_at is null;
