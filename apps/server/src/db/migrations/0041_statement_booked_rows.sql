-- Statement rows on the booked basis, the basis of the statement's opening and closing balances and
-- turnovers (the ledger's postings). A row is booked when its money is: at the instant of its
-- postings (booked_at), and it takes that place on the statement (statement_at). A pending row
-- (an international transfer awaiting the back office) has no booked_at yet and stands where it
-- was made, moving nothing; an approval books it and moves it; a denied or canceled one stays
-- unbooked. balance_after becomes the booked balance of the account right after the row, at its
-- place (until now it was the available balance, which a pending hold lowers).

alter table transactions add column booked_at timestamptz;

-- Rows of operations the ledger booked: the instant of their journal entry (for an approved
-- international transfer, its approval).
update transactions t
set booked_at = entry.created_at
from (select transfer_id, min(created_at) as created_at from journal_entries where transfer_id is not null group by transfer_id) entry
where entry.transfer_id = t.transfer_id;

alter table transactions add column statement_at timestamptz generated always as (coalesce(booked_at, created_at)) stored;

-- Each row's balance_after, recomputed as the running booked balance of its account: the postings
-- to the account dated before the row's place, plus the movements of the rows at that very instant
-- up to this one (a batch of transfers shares one instant, its rows in the order they were booked).
-- A booked row moves credit = amount - fee (IN) or debit = amount + fee (OUT); an unbooked one nothing.
with events as (
  select a.id as account_id, p.created_at as at, 1 as sort, p.id, p.amount as posted, false as is_row
  from postings p
  join accounts a on a.ledger_account_id = p.ledger_account_id
  union all
  select t.account_id, t.statement_at, 0, t.id, 0, true
  from transactions t
),
before_each as (
  -- At one instant the rows sort before the postings, so each row counts the postings strictly before it.
  select id, is_row, sum(posted) over (partition by account_id order by at, sort, id rows unbounded preceding) as posted_before
  from events
),
running as (
  select t.id,
    b.posted_before + sum(case when t.booked_at is null then 0 when t.direction = 'IN' then t.amount - t.fee else -(t.amount + t.fee) end)
      over (partition by t.account_id, t.statement_at order by t.id rows unbounded preceding) as balance
  from before_each b
  join transactions t on t.id = b.id
  where b.is_row
)
update transactions t
set balance_after = running.balance
from running
where running.id = t.id and t.balance_after <> running.balance;

-- The statement pages and filters by the row's place: the keyset indexes move to statement_at.
drop index transactions_account_created_idx;
drop index transactions_client_created_idx;
drop index transactions_client_template_idx;
drop index transactions_client_type_idx;
drop index transactions_client_amount_idx;
create index transactions_account_statement_idx on transactions (account_id, statement_at desc, id desc);
create index transactions_client_statement_idx on transactions (client_id, statement_at desc, id desc);
create index transactions_client_template_idx on transactions (client_id, template_name, statement_at desc, id desc)
  where template_name is not null;
create index transactions_client_type_idx on transactions (client_id, transaction_type, statement_at desc, id desc);
create index transactions_client_amount_idx on transactions (client_id, amount, statement_at desc, id desc);
