-- Term deposits, continued (modules/deposits). The payout sweep runs every hour on every node; it
-- finds the deposits with a payout due through an index on the next payout's date instead of
-- reading every running deposit's terms, and a deposit's number comes from a sequence that never
-- hands out a value twice.

-- The first payout of the schedule not yet made (schedule.ts computes it; the deposit's payouts
-- move it on, in the transaction that makes them). Set exactly while the deposit runs.
alter table deposits add column next_payout_date date;
alter table deposits add constraint deposits_next_payout_while_active check ((status = 'Active') = (next_payout_date is not null));
alter table deposits add constraint deposits_next_payout_in_term check (next_payout_date is null or (next_payout_date > opening_date and next_payout_date <= maturity_date));

drop index deposits_active_idx;
create index deposits_next_payout_idx on deposits (next_payout_date) where status = 'Active';

-- DEP-YYYYMMDD-NNNNNN: the opening day and this serial.
create sequence deposit_number_seq start 1 no cycle;
