-- The bank's time adds three statuses (packages/contracts transfers/status.ts, which also holds the
-- moves between them): Scheduled (dated after today, nothing moved or held), Failed (fell due and
-- could not be paid) and Expired (not decided by the bank in time).
alter table transfers drop constraint transfers_status_check;
alter table transfers add constraint transfers_status_check check (status in (
  'Scheduled', 'New', 'Processing', 'Approved', 'Denied', 'Canceling', 'Canceled', 'Refunded', 'Error', 'Failed', 'Expired'));
drop index if exists transfers_pending_idx;
create index transfers_pending_idx on transfers (status, created_at) where status in ('Scheduled', 'New', 'Processing');
