-- Identity core: clients, operators and their sessions (opaque tokens stored hashed).

create sequence client_number_seq start 100001;

create table clients (
  id uuid primary key default gen_random_uuid(),
  client_number text not null unique default nextval('client_number_seq')::text,
  email text not null,
  phone text not null,
  password_hash text not null,
  account_type text not null default 'personal' check (account_type in ('personal', 'business')),
  email_verified boolean not null default false,
  kyc_status text check (kyc_status in ('New', 'Approved', 'Rejected')),
  first_name text,
  last_name text,
  company_name text,
  salutation text,
  call_phone text,
  fax text,
  address text,
  city text,
  country text,
  post_code text,
  state_or_province text,
  created_at timestamptz not null default now()
);
create unique index clients_email_key on clients (lower(email));
create unique index clients_phone_key on clients (phone);

create table operators (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  full_name text not null,
  created_at timestamptz not null default now()
);
create unique index operators_email_key on operators (lower(email));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  subject_type text not null check (subject_type in ('client', 'operator')),
  subject_id uuid not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_subject_idx on sessions (subject_type, subject_id) where revoked_at is null;
