-- KYC submissions. The client's current status (clients.kyc_status) follows its latest submission.
create table kyc_records (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id) on delete cascade,
  status text not null default 'New' check (status in ('New', 'Approved', 'Rejected')),
  account_type text not null check (account_type in ('personal', 'business')),
  first_name text,
  last_name text,
  company_name text,
  country text,
  city text,
  state text,
  postal_code text,
  identity_card_type text check (identity_card_type in ('passport', 'nationalId', 'drivingLicence')),
  identity_card_id text,
  address text,
  phone_number text,
  tax_number text,
  sources_of_wealth jsonb not null default '[]',
  is_other_sources_of_wealth boolean not null default false,
  other_sources_of_wealth text,
  pep boolean not null default false,
  currencies jsonb not null default '[]',
  rejection_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references operators (id)
);
create index kyc_records_client_idx on kyc_records (client_id, created_at desc);
-- One submission in review per client, even when two arrive at once.
create unique index kyc_records_one_pending_idx on kyc_records (client_id) where status = 'New';
