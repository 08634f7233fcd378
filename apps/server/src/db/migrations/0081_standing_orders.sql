-- Standing orders (docs/time.md): a transfer the client asked to repeat weekly, monthly on a day or
-- quarterly. The order keeps the request it was checked as and its calendar; the job
-- standing-orders.plan turns each date that falls due into a Scheduled transfer of its own
-- (transfers.standing_order_id, occurrence_date: unique, so an occurrence is made once), which the
-- payments' runner books like any other.
create table standing_orders (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients (id),
  kind text not null check (kind in ('internal', 'international')),
  -- The validated transfer request, its own date dropped: each occurrence is dated by the calendar.
  transfer_request jsonb not null,
  -- What the client sees of it, fixed when it was checked.
  from_account text not null,
  to_account text not null,
  recipient text,
  amount numeric not null check (amount > 0),
  currency text not null,
  payment_reference text,
  template_name text,
  frequency text not null check (frequency in ('weekly', 'monthly', 'quarterly')),
  day_of_month smallint check (day_of_month between 1 and 31),
  start_date date not null,
  end_date date,
  occurrence_limit integer check (occurrence_limit between 1 and 520),
  status text not null default 'Active' check (status in ('Active', 'Paused', 'Canceled', 'Finished')),
  next_run_date date,
  occurrences_made integer not null default 0 check (occurrences_made >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((frequency = 'weekly') = (day_of_month is null)),
  check (end_date is null or occurrence_limit is null),
  check (end_date is null or end_date >= start_date),
  check (occurrence_limit is null or occurrences_made <= occurrence_limit),
  -- An order that will still run knows when; a final one does not.
  check ((status in ('Active', 'Paused')) = (next_run_date is not null))
);
create index standing_orders_client_idx on standing_orders (client_id, created_at desc);
-- The plan's sweep reads the active orders due, by date.
create index standing_orders_due_idx on standing_orders (next_run_date) where status = 'Active';

alter table transfers add constraint transfers_standing_order_fk foreign key (standing_order_id) references standing_orders (id);

select pgboss.create_queue('standing-orders.plan', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
