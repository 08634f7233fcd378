-- High-risk clients (docs/bank-controls.md#high-risk-clients): enhanced due diligence on KYC, a
-- client's risk level changed by four eyes with its history, and the monthly high-risk service fee
-- (docs/product.md#tariffs-and-limits), a bank setting changed by four eyes.

-- The decisions recorded on a submission that needs two agreeing decisions by different operators
-- (a politically exposed person, or a high-risk client). One decision per operator and submission;
-- the one that makes two agree decides the submission (kyc_records.status) and is recorded here too.
-- A submission the client withdraws takes its recorded decisions with it; the audit trail keeps them.
create table kyc_decisions (
  id bigint generated always as identity primary key,
  kyc_id uuid not null references kyc_records (id) on delete cascade,
  operator_id uuid not null references operators (id),
  status text not null check (status in ('Approved', 'Rejected')),
  reason text,
  -- The version of the submission the operator read.
  version integer not null,
  decided_at timestamptz not null default now(),
  unique (kyc_id, operator_id)
);

-- Every change of a client's risk level, each held by an approved four-eyes proposal. A client with
-- none is standard; the newest row is the level now.
create table client_risk_changes (
  id bigint generated always as identity primary key,
  client_id uuid not null references clients (id),
  level text not null check (level in ('standard', 'high')),
  reason text not null,
  proposed_by uuid not null references operators (id),
  approved_by uuid not null references operators (id),
  approval_id uuid not null unique references approvals (id),
  created_at timestamptz not null default now(),
  check (proposed_by <> approved_by)
);
create index client_risk_changes_client_idx on client_risk_changes (client_id, id desc);

-- The monthly high-risk service fee in EUR: each approved proposal writes a version; before any,
-- the tariff's default (HIGH_RISK_CLIENT_FEE in packages/contracts/src/tariffs.ts) is in force.
create table high_risk_fee_versions (
  id bigint generated always as identity primary key,
  amount_eur numeric(20, 2) not null check (amount_eur >= 0),
  approval_id uuid not null unique references approvals (id),
  created_at timestamptz not null default now()
);

-- Both histories only grow, whoever asks (as the audit trail, migration 0075).
create function high_risk_history_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
end
$$;
create trigger client_risk_changes_append_only before update or delete or truncate on client_risk_changes
  for each statement execute function high_risk_history_refuse_change();
create trigger high_risk_fee_versions_append_only before update or delete or truncate on high_risk_fee_versions
  for each statement execute function high_risk_history_refuse_change();

-- One row per high-risk client and month charged, as maintenance_charges (migration 0083): the key
-- that makes the month's high-risk fee happen once, and what was paid, in EUR.
create table high_risk_charges (
  client_id uuid not null references clients (id),
  month date not null check (extract(day from month) = 1),
  fee_eur numeric(20, 2) not null check (fee_eur > 0),
  paid_eur numeric(20, 2) not null check (paid_eur >= 0 and paid_eur <= fee_eur),
  charged_at timestamptz not null default now(),
  primary key (client_id, month)
);

-- What a client could not pay of a month's high-risk fee, collected from the next credit with the
-- maintenance fee's arrears (the same rules, oldest month first).
create table high_risk_arrears (
  client_id uuid not null,
  month date not null,
  amount_eur numeric(20, 2) not null check (amount_eur > 0),
  outstanding_eur numeric(20, 2) not null check (outstanding_eur >= 0 and outstanding_eur <= amount_eur),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  primary key (client_id, month),
  foreign key (client_id, month) references high_risk_charges (client_id, month),
  check ((outstanding_eur = 0) = (settled_at is not null))
);
create index high_risk_arrears_open_idx on high_risk_arrears (client_id, month) where settled_at is null;
