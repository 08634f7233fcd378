-- One history of operations. Until now one transfers row carried every
-- kind of operation, each kind's fields a nullable column of every row; a fiat account's statement
-- rows and a wallet's rows were two tables, both moved on every change of status; and who approved a
-- transfer lived in transfer_approvals beside the approvals queue. From here:
--
--   operations       what every operation has: its number, client, kind, status, amount, fee,
--                    currency, counterparty, when it was made and booked; and `details`, what only
--                    its kind has, checked per kind (operation_details_valid below);
--   statement_rows   one row per side of an operation as its owner sees it, on a fiat account or a
--                    wallet alike; the status is the operation's, read from it;
--   approvals        every operator's approval of a transfer too (kind transferApproval).
--
-- Every row moves: transfers become operations with the same ids and numbers, statement rows keep
-- their ids (a statement's page cursor names them), wallet rows follow them in their own order, and
-- each transfer_approvals row becomes an approval. The old tables are dropped.

-- What the old tables hold that the new shape would not carry is refused before anything moves: a
-- side row whose status, number or payment details differ from its transfer's, or a wallet row
-- whose reference is not its transfer's.
do $$
declare
  differing bigint;
begin
  select count(*) into differing from transactions s join transfers t on t.id = s.transfer_id
  where s.status <> t.status or s.transaction_number <> t.transaction_number
    or s.purpose is distinct from t.purpose or s.payment_region is distinct from t.payment_region
    or s.payment_reference is distinct from t.payment_reference or s.payment_date is distinct from t.payment_date
    or s.rate is distinct from t.rate;
  if differing > 0 then
    raise exception '% statement rows differ from their transfer; they cannot become rows of an operation', differing;
  end if;
  select count(*) into differing from wallet_transactions s join transfers t on t.id = s.transfer_id
  where s.status <> t.status or s.transaction_number <> t.transaction_number or s.reference is distinct from t.payment_reference;
  if differing > 0 then
    raise exception '% wallet rows differ from their transfer; they cannot become rows of an operation', differing;
  end if;
  select count(*) into differing from (
    select transfer_id from transactions union all select transfer_id from wallet_transactions
  ) s left join transfers t on t.id = s.transfer_id where t.id is null;
  if differing > 0 then
    raise exception '% side rows belong to no transfer', differing;
  end if;
end
$$;

-- One detail of an operation: its value is of the detail's type. Identifiers are UUIDs, amounts
-- decimal text (as the amounts of the statement are), dates 'YYYY-MM-DD', a region one of the
-- payment regions the bank sends to (contracts tariffs.ts). A transfer waiting for the bank carries
-- its thresholds, fixed when it was made (migration 0072); a dated transfer its schedule: the bank
-- date it runs on, the request it was checked as, the runs that failed for the bank's reasons, and
-- for a standing order's occurrence the order and date (both or neither).
create function operation_detail_valid(key text, value jsonb) returns boolean language plpgsql immutable as $$
declare
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  decimal_pattern constant text := '^[0-9]+(\.[0-9]+)?$';
  date_pattern constant text := '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
begin
  if key in ('fromAccountId', 'toAccountId', 'fromWalletId', 'toWalletId', 'holdId') then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ uuid_pattern;
  elsif key = 'counterAmount' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ decimal_pattern;
  elsif key = 'counterCurrency' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^[A-Z]{3,4}$';
  elsif key in ('rate', 'purpose', 'paymentReference', 'txHash') then
    return jsonb_typeof(value) = 'string';
  elsif key = 'paymentRegion' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') in ('SWIFT', 'SEPA', 'ACH', 'BACS', 'INTERAC', 'EFT', 'PAN AFRICA');
  elsif key = 'paymentDate' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ date_pattern;
  elsif key = 'recipientDetails' then
    return jsonb_typeof(value) = 'object';
  elsif key = 'thresholds' then
    if jsonb_typeof(value) is distinct from 'object' or not (value ?& array['amountEur', 'approvalsRequired', 'approvalReason'])
       or value - array['amountEur', 'approvalsRequired', 'approvalReason'] <> '{}'::jsonb then
      return false;
    end if;
    return jsonb_typeof(value -> 'amountEur') = 'string' and (value ->> 'amountEur') ~ decimal_pattern
      and (value -> 'approvalsRequired') in ('1'::jsonb, '2'::jsonb)
      and case when value -> 'approvalsRequired' = '2'::jsonb then (value -> 'approvalReason') in ('"amount"'::jsonb, '"dailyLimit"'::jsonb)
        else value -> 'approvalReason' = 'null'::jsonb end;
  elsif key = 'schedule' then
    if jsonb_typeof(value) is distinct from 'object' or not (value ?& array['date', 'request', 'runAttempts'])
       or value - array['date', 'request', 'runAttempts', 'standingOrderId', 'occurrenceDate'] <> '{}'::jsonb
       or (value ? 'standingOrderId') <> (value ? 'occurrenceDate') then
      return false;
    end if;
    return jsonb_typeof(value -> 'date') = 'string' and (value ->> 'date') ~ date_pattern
      and jsonb_typeof(value -> 'request') = 'object'
      and jsonb_typeof(value -> 'runAttempts') = 'number' and (value ->> 'runAttempts') ~ '^[0-9]+$'
      and (not value ? 'standingOrderId' or (jsonb_typeof(value -> 'standingOrderId') = 'string' and (value ->> 'standingOrderId') ~ uuid_pattern))
      and (not value ? 'occurrenceDate' or (jsonb_typeof(value -> 'occurrenceDate') = 'string' and (value ->> 'occurrenceDate') ~ date_pattern));
  end if;
  return false;
end
$$;

-- The details of an operation of `kind`: an object with the details its kind requires, no detail
-- another kind has, and each of the right type. The one schema of each kind; the server checks
-- the same with its schemas before it writes (modules/transfers/operation-details.ts). A new kind
-- of operation adds its branch here and its schema there, and changes no other kind's.
create function operation_details_valid(kind text, details jsonb) returns boolean language plpgsql immutable as $$
declare
  allowed text[];
  required text[];
  detail record;
begin
  if jsonb_typeof(details) is distinct from 'object' then
    return false;
  end if;
  case kind
    when 'internal' then
      allowed := array['fromAccountId', 'toAccountId', 'purpose', 'paymentReference', 'paymentDate', 'recipientDetails', 'schedule'];
      required := array['fromAccountId', 'toAccountId'];
    when 'international' then
      allowed := array['fromAccountId', 'paymentRegion', 'purpose', 'paymentReference', 'paymentDate', 'recipientDetails', 'holdId', 'thresholds', 'schedule'];
      required := array['fromAccountId', 'paymentRegion', 'recipientDetails'];
    when 'exchange' then
      allowed := array['fromAccountId', 'toAccountId', 'counterAmount', 'counterCurrency', 'rate'];
      required := allowed;
    when 'incoming' then
      allowed := array['toAccountId', 'paymentRegion', 'purpose', 'paymentReference', 'paymentDate'];
      required := array['toAccountId', 'paymentRegion'];
    when 'crypto' then
      allowed := array['fromWalletId', 'paymentReference', 'recipientDetails', 'holdId', 'thresholds'];
      required := array['fromWalletId', 'holdId'];
    when 'crypto_internal' then
      allowed := array['fromWalletId', 'toWalletId', 'paymentReference', 'recipientDetails'];
      required := array['fromWalletId', 'toWalletId'];
    when 'crypto_deposit' then
      allowed := array['toWalletId', 'txHash'];
      required := allowed;
    when 'crypto_conversion' then
      allowed := array['fromAccountId', 'fromWalletId', 'toAccountId', 'toWalletId', 'counterAmount', 'counterCurrency', 'rate', 'holdId', 'thresholds'];
      required := array['counterAmount', 'counterCurrency', 'rate', 'holdId'];
      -- One side sold and one bought, each an account or a wallet.
      if num_nonnulls(details -> 'fromAccountId', details -> 'fromWalletId') <> 1 or num_nonnulls(details -> 'toAccountId', details -> 'toWalletId') <> 1 then
        return false;
      end if;
    when 'reversal' then
      allowed := array['fromAccountId', 'toAccountId', 'fromWalletId', 'toWalletId', 'purpose', 'paymentReference'];
      required := array['purpose', 'paymentReference'];
    when 'fee' then
      allowed := array['fromAccountId', 'purpose', 'paymentReference'];
      required := array['fromAccountId', 'purpose'];
    when 'deposit' then
      allowed := array['fromAccountId', 'toAccountId', 'purpose', 'paymentReference', 'paymentDate'];
      required := array['purpose', 'paymentReference', 'paymentDate'];
      -- Money leaves the account for the deposit, or comes back to it.
      if num_nonnulls(details -> 'fromAccountId', details -> 'toAccountId') <> 1 then
        return false;
      end if;
    else
      return false;
  end case;
  if not (details ?& required) then
    return false;
  end if;
  for detail in select key, value from jsonb_each(details) loop
    if not (detail.key = any (allowed)) or operation_detail_valid(detail.key, detail.value) is not true then
      return false;
    end if;
  end loop;
  return true;
end
$$;

create table operations (
  id uuid primary key,
  number text not null unique,
  kind text not null check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto', 'crypto_internal', 'crypto_deposit',
    'crypto_conversion', 'reversal', 'fee', 'deposit')),
  status text not null check (status in (
    'Scheduled', 'New', 'Processing', 'Approved', 'Denied', 'Canceling', 'Canceled', 'Refunded', 'Error', 'Failed', 'Expired')),
  -- The bank's reason when it did not go through (a denial, a failed run), shown to the client.
  status_reason text,
  -- The client who asked for it (for money coming in: the client credited).
  client_id uuid not null references clients (id),
  amount numeric not null check (amount > 0),
  currency text not null,
  fee numeric not null default 0 check (fee >= 0),
  -- Who or what is on the other side, as the operation names it: a payee's name or account, an
  -- address, the bank.
  counterparty text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  -- When its money was booked (its postings' instant); null while nothing is, and for ever for an
  -- operation that did not go through.
  booked_at timestamptz,
  details jsonb not null,
  constraint operations_details_check check (operation_details_valid(kind, details)),
  -- A transfer waiting for the bank carries what it needs, fixed when it was made (migration 0072).
  constraint operations_waiting_thresholds_check check (kind not in ('international', 'crypto', 'crypto_conversion')
    or status not in ('New', 'Processing') or details ? 'thresholds'),
  -- A Scheduled transfer knows its date and the request it runs as (migration 0080).
  constraint operations_scheduled_check check (status <> 'Scheduled' or details ? 'schedule')
);
create index operations_client_idx on operations (client_id, created_at desc);
create index operations_pending_idx on operations (status, created_at) where status in ('Scheduled', 'New', 'Processing');
-- A deposit's transaction hash on its network is booked once only.
create unique index operations_tx_hash_key on operations ((details ->> 'txHash')) where kind = 'crypto_deposit';
-- A booked operation is reversed at most once (its reversal names it as its payment reference).
create unique index operations_one_reversal_idx on operations ((details ->> 'paymentReference')) where kind = 'reversal';
-- A standing order's occurrence is made once; the index also finds an order's occurrences.
create unique index operations_occurrence_idx on operations ((details #>> '{schedule,standingOrderId}'), (details #>> '{schedule,occurrenceDate}'))
  where (details #>> '{schedule,standingOrderId}') is not null;
-- The sweep reads the transfers due: Scheduled, by date.
create index operations_scheduled_due_idx on operations ((details #>> '{schedule,date}')) where status = 'Scheduled';

-- Details hold no null: a detail an operation does not have is absent.
insert into operations (id, number, kind, status, status_reason, client_id, amount, currency, fee, counterparty, created_at, updated_at, booked_at, details)
select t.id, t.transaction_number, t.kind, t.status, t.status_reason, t.client_id, t.amount, t.currency, t.fee, coalesce(t.recipient, ''),
  t.created_at, t.updated_at, booked.at, d.details - coalesce((select array_agg(key) from jsonb_each(d.details) where value = 'null'::jsonb), '{}'::text[])
from transfers t
cross join lateral (
  select min(booked_at) as at from (
    select booked_at from transactions where transfer_id = t.id
    union all
    select booked_at from wallet_transactions where transfer_id = t.id
  ) sides
) booked
cross join lateral (
  select jsonb_build_object(
    'fromAccountId', t.from_account_id,
    'toAccountId', t.to_account_id,
    'fromWalletId', t.from_wallet_id,
    'toWalletId', t.to_wallet_id,
    'counterAmount', t.counter_amount::text,
    'counterCurrency', t.counter_currency,
    'rate', t.rate,
    'paymentRegion', t.payment_region,
    'purpose', t.purpose,
    'paymentReference', t.payment_reference,
    'paymentDate', to_char(t.payment_date, 'YYYY-MM-DD'),
    'recipientDetails', t.recipient_details,
    'holdId', t.hold_id,
    'txHash', t.tx_hash,
    'thresholds', case when t.amount_eur is not null then
      jsonb_build_object('amountEur', t.amount_eur::text, 'approvalsRequired', t.approvals_required, 'approvalReason', t.approval_reason) end,
    'schedule', case when t.scheduled_for is not null then
      jsonb_build_object('date', to_char(t.scheduled_for, 'YYYY-MM-DD'), 'request', t.scheduled_request, 'runAttempts', t.run_attempts)
        || case when t.standing_order_id is not null then
          jsonb_build_object('standingOrderId', t.standing_order_id, 'occurrenceDate', to_char(t.occurrence_date, 'YYYY-MM-DD')) else '{}'::jsonb end
      end
  ) as details
) d
order by t.transaction_number;

-- The thresholds of a transfer waiting for the bank are fixed when it is made (migration 0076).
create function operations_thresholds_fixed() returns trigger language plpgsql as $$
begin
  if old.details ? 'thresholds' and new.details -> 'thresholds' is distinct from old.details -> 'thresholds' then
    raise exception 'the thresholds of transfer % were fixed when it was made', old.id using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
create trigger operations_thresholds_fixed before update of details on operations
  for each row execute function operations_thresholds_fixed();

create table statement_rows (
  id bigint generated always as identity primary key,
  -- Written in one statement with its operation, like the postings with their entry: no foreign
  -- key, whose lookup of a growing table would slow every transfer (migration 0025).
  operation_id uuid not null,
  -- Owner of the row; always the owner of its account or wallet (every query is scoped by it).
  client_id uuid not null,
  -- The row is on a fiat account or on a wallet, never both.
  account_id uuid references accounts (id),
  wallet_id uuid references wallets (id),
  direction text not null check (direction in ('IN', 'OUT')),
  -- Where the money came from and went to, one of them the owner's own account or address, and
  -- the name shown for the other side.
  from_account text not null,
  to_account text not null,
  recipient text not null,
  amount numeric not null check (amount > 0),
  currency text not null,
  fee numeric not null default 0 check (fee >= 0),
  -- An account's booked balance right after the row, at its place (migration 0041); wallet rows
  -- show none.
  balance_after numeric,
  -- What the row is listed as: an account's transaction type, a wallet row's kind.
  transaction_type text not null,
  -- An account's row is internal, an exchange or international.
  reference text check (reference in ('Internal', 'Exchange', 'International')),
  -- The payer's own name for the transfer; only the payer's row carries it (migration 0062).
  template_name text,
  -- The line the statement shows for the payment, and searches: its purpose, else the client's
  -- reference text. Kept with the row, as the statement's own text, so that a search of a long
  -- history reads the rows alone, not every row's operation too.
  description text,
  created_at timestamptz not null,
  booked_at timestamptz,
  statement_at timestamptz generated always as (coalesce(booked_at, created_at)) stored,
  constraint statement_rows_one_owner_check check (num_nonnulls(account_id, wallet_id) = 1),
  constraint statement_rows_account_figures_check check ((account_id is null) = (balance_after is null) and (account_id is null) = (reference is null)),
  constraint statement_rows_wallet_kind_check check (wallet_id is null or transaction_type in ('transfer', 'internal', 'deposit', 'conversion'))
);

insert into statement_rows (id, operation_id, client_id, account_id, direction, from_account, to_account, recipient, amount, currency, fee,
  balance_after, transaction_type, reference, template_name, description, created_at, booked_at)
overriding system value
select id, transfer_id, client_id, account_id, direction, from_account, to_account, recipient, amount, currency, fee,
  balance_after, transaction_type, reference, template_name, coalesce(purpose, payment_reference), created_at, booked_at
from transactions
order by id;

select setval(pg_get_serial_sequence('statement_rows', 'id'), coalesce((select max(id) from statement_rows), 0) + 1, false);

-- A wallet row's own side is its wallet's address; the other side is its counterparty.
insert into statement_rows (operation_id, client_id, wallet_id, direction, from_account, to_account, recipient, amount, currency, fee,
  transaction_type, description, created_at, booked_at)
select s.transfer_id, s.client_id, s.wallet_id, s.direction,
  case when s.direction = 'OUT' then w.address else s.counterparty end,
  case when s.direction = 'OUT' then s.counterparty else w.address end,
  s.counterparty, s.amount, s.currency, s.fee, s.kind, coalesce(t.purpose, t.payment_reference), s.created_at, s.booked_at
from wallet_transactions s
join wallets w on w.id = s.wallet_id
join transfers t on t.id = s.transfer_id
order by s.id;

-- The statement pages and filters an account's rows by their place, and the crypto list a wallet's
-- rows by when they were made (migrations 0022, 0030, 0031, 0041, 0061).
create index statement_rows_account_idx on statement_rows (account_id, statement_at desc, id desc) where account_id is not null;
create index statement_rows_client_idx on statement_rows (client_id, statement_at desc, id desc) where account_id is not null;
create index statement_rows_client_template_idx on statement_rows (client_id, template_name, statement_at desc, id desc)
  where template_name is not null and account_id is not null;
create index statement_rows_client_type_idx on statement_rows (client_id, transaction_type, statement_at desc, id desc) where account_id is not null;
create index statement_rows_client_amount_idx on statement_rows (client_id, amount, statement_at desc, id desc) where account_id is not null;
create index statement_rows_wallet_client_idx on statement_rows (client_id, created_at desc, id desc) where wallet_id is not null;
create index statement_rows_wallet_idx on statement_rows (wallet_id, created_at desc, id desc) where wallet_id is not null;
create index statement_rows_operation_idx on statement_rows (operation_id);

-- The application may change a row's fee for one reason only: a Scheduled transfer abroad is quoted
-- again on the day it runs (migration 0086). Once its operation is anything but Scheduled, the fee is
-- history.
create function statement_rows_fee_fixed() returns trigger language plpgsql as $$
declare
  operation_status text;
begin
  if new.fee is distinct from old.fee then
    select status into operation_status from operations where id = old.operation_id;
    if operation_status is distinct from 'Scheduled' then
      raise exception 'the fee of statement row % is fixed: it is %, not Scheduled', old.id, operation_status;
    end if;
  end if;
  return new;
end
$$;
create trigger statement_rows_fee_fixed before update of fee on statement_rows
  for each row execute function statement_rows_fee_fixed();

-- Who approved a transfer is an approval of its own: one row per operator and transfer, decided when
-- given, checked by that operator. Its maker is the client who made the transfer, not an operator,
-- so it names none; every other proposal is still made by an operator. The trigger of migration
-- 0076 keeps it as written, as the grants kept transfer_approvals (db/roles.ts).
alter table approvals alter column maker_id drop not null;
alter table approvals add constraint approvals_made_by_an_operator_check check (maker_id is not null or kind = 'transferApproval');
create unique index approvals_transfer_approval_once_idx on approvals (subject_id, checker_id) where kind = 'transferApproval';

insert into approvals (kind, status, payload, summary, reason, maker_id, subject_type, subject_id, created_at, checker_id, decided_at)
select 'transferApproval', 'Approved', jsonb_build_object('transactionNumber', t.transaction_number), t.transaction_number,
  'Approved in the payments queue', null, 'transfer', t.transaction_number, a.approved_at, a.operator_id, a.approved_at
from transfer_approvals a
join transfers t on t.id = a.transfer_id
order by a.approved_at, t.transaction_number, a.operator_id;

-- What named a transfer now names its operation.
alter table deposits drop constraint deposits_opening_transfer_id_fkey;
alter table deposits drop constraint deposits_closing_transfer_id_fkey;
alter table deposit_payouts drop constraint deposit_payouts_transfer_id_fkey;
alter table deposits add constraint deposits_opening_transfer_id_fkey foreign key (opening_transfer_id) references operations (id);
alter table deposits add constraint deposits_closing_transfer_id_fkey foreign key (closing_transfer_id) references operations (id);
alter table deposit_payouts add constraint deposit_payouts_transfer_id_fkey foreign key (transfer_id) references operations (id);

drop table transfer_approvals;
drop table wallet_transactions;
drop table transactions;
drop table transfers;
drop function transactions_fee_fixed();
drop function transfers_thresholds_fixed();
