-- The back office (docs/bank-controls.md): operators' roles and authenticator enrolment, second approvals of
-- large transfers, handled contact messages, the editable exchange spread, and the language each
-- client reads (the bank's decisions are mailed in it).

alter table operators
  add column roles text[] not null default '{}' check (roles <@ array['compliance', 'payments', 'admin']::text[]),
  -- The authenticator secret, sealed with a key derived from APP_SECRET; null until enrolled.
  add column totp_secret text,
  -- The secret shown at enrolment, held until a code from it is confirmed.
  add column totp_pending_secret text,
  add column totp_enrolled_at timestamptz,
  -- The last time step whose code was accepted: each code is accepted once.
  add column totp_last_step bigint;

-- One row per operator approval of a transfer; two different operators for a large one.
create table transfer_approvals (
  transfer_id uuid not null references transfers (id),
  operator_id uuid not null references operators (id),
  approved_at timestamptz not null default now(),
  primary key (transfer_id, operator_id)
);

alter table contact_messages
  add column handled_at timestamptz,
  add column handled_by uuid references operators (id);
create index contact_messages_unhandled_idx on contact_messages (received_at desc) where handled_at is null;

-- One row: the bank's spread on exchange, in basis points of the mid rate.
create table rate_settings (
  id boolean primary key default true check (id),
  spread_basis_points integer not null check (spread_basis_points between 0 and 1000),
  updated_at timestamptz not null default now(),
  updated_by uuid references operators (id)
);

alter table clients add column language text not null default 'en' check (language in ('en', 'ru'));

-- The KYC queue by status (pending transfers have their index since 0022).
create index kyc_records_status_idx on kyc_records (status, created_at desc);
create index audit_log_actor_idx on audit_log (actor_id, at desc);

-- Idempotency keys belong to whoever calls: a client, or an operator booking an incoming payment
-- (ids of both are random UUIDs, so they never meet).
alter table idempotency_keys drop constraint if exists idempotency_keys_client_id_fkey;
