-- The rates in force over time: fx_rates holds only each currency's rate in use now, so every write
-- to it is recorded here by a trigger, whoever makes it (an operator, the ECB refresh, an approved
-- rate change). A row says that from `valid_from` the currency's mid rate was `per_eur` units per
-- 1 EUR; a null `per_eur` says the stored rate was removed and the shipped snapshot answered again.
-- The balance charts value each day's balances at the rates in force at the end of that day.
-- History begins with this migration: the rates stored now are recorded as in force since they
-- were last written, and nothing is known of the rates they replaced.
create table fx_rate_history (
  id bigint generated always as identity primary key,
  currency text not null check (currency <> 'EUR'),
  per_eur numeric check (per_eur > 0),
  valid_from timestamptz not null default now()
);
create index fx_rate_history_currency_idx on fx_rate_history (currency, valid_from);

insert into fx_rate_history (currency, per_eur, valid_from)
  select currency, per_eur, updated_at from fx_rates;

create function fx_rates_record_history() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    insert into fx_rate_history (currency, per_eur) values (old.currency, null);
  elsif tg_op = 'INSERT' or new.per_eur is distinct from old.per_eur then
    insert into fx_rate_history (currency, per_eur) values (new.currency, new.per_eur);
  end if;
  return null;
end
$$;

create trigger fx_rates_history after insert or update or delete on fx_rates
  for each row execute function fx_rates_record_history();
