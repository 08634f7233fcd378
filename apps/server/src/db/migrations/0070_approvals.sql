-- Four eyes (docs/bank-controls.md): every act that creates, moves or re-prices money, or grants power, is a
-- proposal by one operator applied only when another approves it. A proposal is decided once; the
-- table itself refuses a checker who is the maker, whatever the code above it does.

create table approvals (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  status text not null default 'Pending' check (status in ('Pending', 'Approved', 'Rejected', 'Withdrawn')),
  payload jsonb not null,
  summary text not null,
  reason text not null,
  maker_id uuid not null references operators (id),
  -- What the act is about (a transfer's number, an operator's id), for the one-pending-at-a-time rule.
  subject_type text,
  subject_id text,
  warnings text[] not null default '{}',
  duplicate_of text[] not null default '{}',
  created_at timestamptz not null default now(),
  checker_id uuid references operators (id),
  decided_at timestamptz,
  decision_reason text,
  result jsonb,
  check (checker_id is null or checker_id <> maker_id),
  check ((status = 'Pending') = (decided_at is null)),
  check (status not in ('Approved', 'Rejected') or checker_id is not null)
);

create index approvals_pending_idx on approvals (created_at) where status = 'Pending';
create index approvals_kind_idx on approvals (kind, created_at desc);
-- At most one open proposal per subject and kind (one release of a transfer, one change of an operator's roles at a time).
create unique index approvals_one_pending_idx on approvals (kind, subject_id) where status = 'Pending' and subject_id is not null;
-- A booked transfer is reversed at most once.
create unique index approvals_one_reversal_idx on approvals (subject_id) where status = 'Approved' and kind = 'reversal';

-- A booked transfer is corrected only by a reversal: a new transfer of its own (its
-- payment_reference names the original's number) whose entry negates the original's postings.
alter table transfers drop constraint transfers_kind_check;
alter table transfers add constraint transfers_kind_check
  check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto', 'crypto_internal', 'crypto_deposit', 'crypto_conversion', 'reversal'));
create unique index transfers_one_reversal_idx on transfers (payment_reference) where kind = 'reversal';
