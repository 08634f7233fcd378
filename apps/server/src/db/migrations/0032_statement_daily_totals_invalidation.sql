-- The daily totals are a cache of settled days. A posting dated before its own transaction began
-- (the ledger's postedAt: demo history, value-dated corrections) may land in a day already cached:
-- it drops the cache of its ledger account, which is then summed again on the next statement.
-- The advisory lock is the one the filling of the cache takes, so a fill and such a posting never
-- overlap: whichever comes second sees the other committed. Postings dated now() (every ordinary
-- one) do not fire it.
create function statement_forget_daily_totals() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(727031, (new.ledger_account_id % 2147483647)::int);
  delete from statement_daily_totals where ledger_account_id = new.ledger_account_id;
  delete from statement_daily_totals_marks where ledger_account_id = new.ledger_account_id;
  return null;
end
$$;

create trigger postings_forget_statement_daily_totals after insert on postings
  for each row when (new.created_at < now())
  execute function statement_forget_daily_totals();
