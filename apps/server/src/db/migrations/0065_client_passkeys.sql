-- Passkeys (WebAuthn) for clients: a client may sign in with a passkey instead of password and code.
-- A passkey is the authenticator's public key under its credential id (base64url), with the counter
-- the authenticator last reported (a counter that goes back betrays a cloned key), its transports
-- (offered back to the browser so it knows where to look) and whether it is synced and backed up.
create table client_passkeys (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id),
  credential_id text not null unique,
  public_key bytea not null,
  sign_count bigint not null default 0,
  transports text[] not null default '{}',
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null default false,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index client_passkeys_client_idx on client_passkeys (client_id);

-- The challenges of the ceremonies, each single-use and short-lived, stored as keyed hashes like
-- every other one-time secret. A registration's challenge belongs to the signed-in client; a
-- sign-in's belongs to no one until the passkey answering it says whose it is.
create table webauthn_challenges (
  id bigserial primary key,
  challenge_hash text not null unique,
  purpose text not null check (purpose in ('registration', 'authentication')),
  client_id uuid references clients (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at);
