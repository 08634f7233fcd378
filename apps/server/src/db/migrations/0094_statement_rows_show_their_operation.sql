-- A statement row carries the two things of its operation that every statement view shows besides
-- its own figures: the operation's number and its status. A statement file of a million rows then
-- reads its rows alone, without looking up each row's operation by its primary key, which cost a
-- quarter of the time of the CSV export (docs/benchmarks.md). A row is written with its operation's
-- number and status, in the statement that writes the operation (operations/records.ts), and an
-- operation's new status is written onto its rows by the operation's own trigger, with its owner's
-- rights: the application's role is granted no update of either column (db/roles.ts), so it cannot
-- make a row show another status than its operation's. The ledger's invariant checks compare them.

alter table statement_rows add column number text, add column status text;

update statement_rows r set number = o.number, status = o.status from operations o where o.id = r.operation_id;

alter table statement_rows alter column number set not null, alter column status set not null;

-- Runs with its owner's rights (security definer), as the audit chain's link does (migration 0075);
-- its search_path is fixed so that no table of the caller's can stand in.
create function operations_status_on_rows() returns trigger language plpgsql security definer
set search_path = pg_catalog, public, pg_temp
as $$
begin
  update statement_rows set status = new.status where operation_id = new.id;
  return null;
end $$;

create trigger operations_status_on_rows after update of status on operations
for each row when (old.status is distinct from new.status) execute function operations_status_on_rows();
