-- Idempotency of money-moving calls: one row per client and key, holding a hash of the request and
-- the answer given. The primary key makes two racing requests with one key run once.
create table idempotency_keys (
  client_id uuid not null references clients (id),
  key text not null,
  request_hash text not null,
  -- Filled before the claiming transaction commits, so other transactions never see them empty.
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (client_id, key)
);
