-- A Scheduled transfer whose run fails for a reason of the bank's (not the client's refusal, not
-- stale rates) stays Scheduled for the next sweep; run_attempts counts those failures so that after
-- a few the transfer becomes Failed ('refused') instead of failing every sweep for ever.
alter table transfers add column run_attempts integer not null default 0;

-- The application role may change a statement row's fee (db/roles.ts) for one reason only: a
-- Scheduled transfer abroad is quoted again on the day it runs. Once a row is anything but
-- Scheduled its fee is history, and stays as it was.
create function transactions_fee_fixed() returns trigger language plpgsql as $$
begin
  if new.fee is distinct from old.fee and old.status <> 'Scheduled' then
    raise exception 'the fee of statement row % is fixed: it is %, not Scheduled', old.id, old.status;
  end if;
  return new;
end $$;
create trigger transactions_fee_fixed before update of fee on transactions
  for each row execute function transactions_fee_fixed();
