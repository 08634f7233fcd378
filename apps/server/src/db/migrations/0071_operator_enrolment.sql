-- Operators own their credentials (docs/bank-controls.md): an admin invites, and the operator sets their own
-- password and enrols their authenticator through a mailed single-use link. Until then the
-- operator has no password at all; a deactivated operator is refused at sign-in and on every call.

alter table operators
  add column status text not null default 'active' check (status in ('invited', 'active', 'deactivated')),
  alter column password_hash drop not null;

-- Operators created before this migration with a password an admin chose, and who never enrolled,
-- lose that password: they get in only through an enrolment link (an approved authenticator reset).
update operators set status = 'invited', password_hash = null, totp_secret = null, totp_pending_secret = null
where totp_enrolled_at is null or totp_secret is null;

-- An active operator has both a password and an authenticator: nobody is active half-enrolled.
alter table operators add constraint operators_active_enrolled_check
  check (status <> 'active' or (password_hash is not null and totp_secret is not null and totp_enrolled_at is not null));

-- Enrolment links: a 256-bit random token, stored only as a keyed hash, valid 24 hours and once.
-- Issuing a link revokes the operator's earlier ones; deactivation and reset revoke them too.
create table operator_enrolment_links (
  id uuid primary key default gen_random_uuid(),
  operator_id uuid not null references operators (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- Set when the operator completes the enrolment with it.
  spent_at timestamptz,
  -- Set when a newer link, a deactivation or a reset makes it void.
  revoked_at timestamptz,
  check (spent_at is null or revoked_at is null)
);
create index operator_enrolment_links_open_idx on operator_enrolment_links (operator_id) where spent_at is null and revoked_at is null;
