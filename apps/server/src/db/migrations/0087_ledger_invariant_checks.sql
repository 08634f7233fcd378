-- The ledger's invariants are checked on a schedule (ledger/invariant-check.ts). The job runs on one
-- node; its last result is kept here, one row, so every node's metrics report it.
create table ledger_invariant_checks (
  singleton boolean primary key default true check (singleton),
  checked_at timestamptz not null,
  violations integer not null check (violations >= 0),
  -- The rules broken, for whoever reads the table after an alert (the log has the rows).
  rules text[] not null
);

-- Read-only and safe beside itself: two runs at once only write the later result.
select pgboss.create_queue('ledger.check-invariants', '{"policy":"standard","retryLimit":3,"retryDelay":60,"retryBackoff":true,"expireInSeconds":600}'::json);
