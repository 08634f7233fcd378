-- The monthly account maintenance fee (docs/product.md#tariffs-and-limits), its arrears, and the daily refresh of the ECB rates
-- (docs/time.md).

-- One row per client and month charged: the unique key that makes the monthly charge happen once,
-- however many nodes run the job and however often. What was paid and what was left as arrears,
-- both in EUR.
create table maintenance_charges (
  client_id uuid not null references clients (id),
  month date not null check (extract(day from month) = 1),
  fee_eur numeric(20, 2) not null check (fee_eur > 0),
  paid_eur numeric(20, 2) not null check (paid_eur >= 0 and paid_eur <= fee_eur),
  charged_at timestamptz not null default now(),
  primary key (client_id, month)
);

-- The part of a month's fee a client could not pay when it was charged, collected from the next
-- credit. `outstanding_eur` only falls, to zero at the most (then `settled_at` is set).
create table maintenance_arrears (
  client_id uuid not null,
  month date not null,
  amount_eur numeric(20, 2) not null check (amount_eur > 0),
  outstanding_eur numeric(20, 2) not null check (outstanding_eur >= 0 and outstanding_eur <= amount_eur),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  primary key (client_id, month),
  foreign key (client_id, month) references maintenance_charges (client_id, month),
  check ((outstanding_eur = 0) = (settled_at is not null))
);
create index maintenance_arrears_open_idx on maintenance_arrears (client_id, month) where settled_at is null;

-- A month the job has finished: every client due was charged (or, with the fee switched off, the
-- month was passed over, `charged` false, so switching it on again never charges a month it was off).
create table maintenance_months (
  month date primary key check (extract(day from month) = 1),
  charged boolean not null,
  completed_at timestamptz not null default now()
);
-- The bank charges from the month it goes into service: the month before is passed over, so a new
-- installation (or one seeded with history) does not charge for a month before it existed.
insert into maintenance_months (month, charged) values ((date_trunc('month', now()) - interval '1 month')::date, false);

-- When the rates in use were last loaded: a newer ECB day stored, or, where none ever was, the
-- shipped snapshot put into service (this migration). Rates older than RATES_MAX_AGE_HOURS price nothing.
create table rate_freshness (
  id boolean primary key default true check (id),
  loaded_at timestamptz not null
);
insert into rate_freshness (id, loaded_at)
  select true, coalesce((select max(updated_at) from fx_rates where ecb_rate_date is not null), now());

select pgboss.create_queue('fees.maintenance', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
select pgboss.create_queue('fees.collect-arrears', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
select pgboss.create_queue('rates.refresh', '{"policy":"stately","retryLimit":10,"retryDelay":60,"retryBackoff":true,"expireInSeconds":900}'::json);
