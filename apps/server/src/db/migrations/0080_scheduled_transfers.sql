-- Payments on their date (docs/time.md): a transfer dated after today is recorded Scheduled, moving
-- and holding nothing, with the request it was checked as (scheduled_request) and the bank date it
-- runs on (scheduled_for); the job transfers.run-scheduled runs it at the payments hour of that
-- date. A standing order's occurrence names its order and date, once each (unique).
alter table transfers add column scheduled_for date;
alter table transfers add column scheduled_request jsonb;
alter table transfers add column standing_order_id uuid;
alter table transfers add column occurrence_date date;

alter table transfers add constraint transfers_scheduled_check
  check (status <> 'Scheduled' or (scheduled_for is not null and scheduled_request is not null));
alter table transfers add constraint transfers_occurrence_check
  check ((standing_order_id is null) = (occurrence_date is null));

create unique index transfers_occurrence_idx on transfers (standing_order_id, occurrence_date) where standing_order_id is not null;
-- The sweep reads the transfers due: Scheduled, by date.
create index transfers_scheduled_due_idx on transfers (scheduled_for) where status = 'Scheduled';

select pgboss.create_queue('transfers.run-scheduled', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
