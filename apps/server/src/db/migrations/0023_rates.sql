-- Exchange rates set by operators or read from the ECB: units of a currency per 1 EUR (mid rate).
-- A row overrides the shipped snapshot for its currency; EUR is the base and has no row.
create table fx_rates (
  currency text primary key check (currency <> 'EUR'),
  per_eur numeric not null check (per_eur > 0),
  source text not null check (source in ('operator', 'ecb')),
  rate_date date,
  updated_at timestamptz not null default now(),
  updated_by uuid
);
