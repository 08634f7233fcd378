-- Sign-in challenges: the one-time e-mail code of one sign-in (or registration) attempt, stored as a
-- keyed hash bound to the challenge id. One live challenge per client: a new one replaces the old.
create table login_challenges (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  purpose text not null check (purpose in ('login', 'registration')),
  code_hash text not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set when the code is used, burned by too many wrong codes, or replaced by a newer challenge.
  closed_at timestamptz,
  closed_reason text check (closed_reason in ('used', 'burned', 'replaced'))
);
create index login_challenges_open_idx on login_challenges (client_id) where closed_at is null;

-- Counters of failed sign-ins, codes and reset mails per e-mail or per address, kept in the database
-- so every server behind a load balancer counts the same attempts (docs/reliability.md#more-than-one-api-node).
create table auth_counters (
  bucket text not null,
  key text not null,
  hits integer not null,
  window_ends_at timestamptz not null,
  blocked_until timestamptz,
  primary key (bucket, key)
);
