-- Two-factor sign-in with an authenticator app for clients (issue 13): the secret sealed under a key
-- from APP_SECRET, a pending one until the client confirms it with a code, the last time step
-- accepted (each code works once), and ten single-use recovery codes, stored as keyed hashes.
alter table clients
  add column totp_secret text,
  add column totp_pending_secret text,
  add column totp_enabled_at timestamptz,
  add column totp_last_step bigint;

create table client_recovery_codes (
  id bigserial primary key,
  client_id uuid not null references clients (id),
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index client_recovery_codes_unused_idx on client_recovery_codes (client_id) where used_at is null;
