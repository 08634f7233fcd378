-- The card network's side (docs/cards.md#the-card-network): a card processor asks the bank to
-- authorise each payment, then clears, reverses or refunds it. A card payment is one more kind of
-- operation, 'card', with its own details: the card, and for a payment its hold and, when the
-- merchant's currency is not the account's, what the merchant asked and the rate it was converted at.

alter table operations drop constraint operations_kind_check;
alter table operations add constraint operations_kind_check check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto',
  'crypto_internal', 'crypto_deposit', 'crypto_conversion', 'reversal', 'fee', 'deposit', 'card'));

-- The details' types of migration 0093, and two of a card's: the card (an identifier) and the
-- merchant's category code (four digits).
create or replace function operation_detail_valid(key text, value jsonb) returns boolean language plpgsql immutable as $$
declare
  uuid_pattern constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  decimal_pattern constant text := '^[0-9]+(\.[0-9]+)?$';
  date_pattern constant text := '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
begin
  if key in ('fromAccountId', 'toAccountId', 'fromWalletId', 'toWalletId', 'holdId', 'cardId') then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ uuid_pattern;
  elsif key = 'counterAmount' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ decimal_pattern;
  elsif key = 'counterCurrency' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^[A-Z]{3,4}$';
  elsif key = 'mcc' then
    return jsonb_typeof(value) = 'string' and (value #>> '{}') ~ '^[0-9]{4}$';
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

-- Migration 0093's kinds, and 'card': a payment out of the card's account (held while it waits for
-- its clearing) or a merchant's refund into it; the card and its merchant's category always.
create or replace function operation_details_valid(kind text, details jsonb) returns boolean language plpgsql immutable as $$
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
      if num_nonnulls(details -> 'fromAccountId', details -> 'toAccountId') <> 1 then
        return false;
      end if;
    when 'card' then
      allowed := array['fromAccountId', 'toAccountId', 'cardId', 'mcc', 'holdId', 'counterAmount', 'counterCurrency', 'rate', 'purpose'];
      required := array['cardId', 'mcc', 'purpose'];
      -- A payment leaves the account, with its hold; a refund comes back to it, with none. What the
      -- merchant asked in another currency comes with its rate, or neither does.
      if num_nonnulls(details -> 'fromAccountId', details -> 'toAccountId') <> 1
         or (details ? 'holdId') <> (details ? 'fromAccountId')
         or (details ? 'counterAmount') <> (details ? 'rate') or (details ? 'counterAmount') <> (details ? 'counterCurrency') then
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

-- Every authorisation the network asked for, approved or declined. An approval holds the amount in
-- USD on the card's account (converted at the day's rate with the bank's spread when the merchant's
-- currency differs, the rate kept here) until it is cleared once, reversed, or expires after 7 days.
-- A decline keeps why; one for a number the bank never issued names no card.
create table card_authorizations (
  id uuid primary key,
  card_id uuid references cards (id),
  client_id uuid references clients (id),
  message_id text not null unique,
  status text not null check (status in ('Declined', 'Pending', 'Cleared', 'Reversed', 'Expired')),
  decline_reason text check (decline_reason in ('unknown_card', 'card_frozen', 'card_blocked', 'card_expired', 'wrong_cvc',
    'insufficient_funds', 'limit_exceeded', 'channel_blocked', 'country_blocked')),
  -- What the merchant asked, in its currency.
  amount numeric not null check (amount > 0),
  currency text not null,
  -- What is held on the USD account, and the rate (merchant's currency per USD) it was converted at.
  held_usd numeric check (held_usd > 0),
  rate text,
  -- What the clearing booked, in USD.
  cleared_usd numeric check (cleared_usd > 0),
  merchant_name text not null,
  merchant_mcc text not null check (merchant_mcc ~ '^[0-9]{4}$'),
  merchant_country text not null,
  merchant_city text not null,
  channel text not null check (channel in ('online', 'pos')),
  -- The 'card' operation an approval made, and its hold.
  operation_id uuid unique,
  hold_id uuid unique,
  created_at timestamptz not null,
  closed_at timestamptz,
  check ((status = 'Declined') = (decline_reason is not null)),
  check ((status = 'Declined') = (operation_id is null) and (operation_id is null) = (hold_id is null) and (hold_id is null) = (held_usd is null)),
  check ((status = 'Cleared') = (cleared_usd is not null)),
  check ((status in ('Declined', 'Pending')) = (closed_at is null)),
  check (card_id is not null or decline_reason = 'unknown_card'),
  check ((card_id is null) = (client_id is null))
);
create index card_authorizations_card_idx on card_authorizations (card_id, created_at desc);
-- The expiry sweep reads the approvals still holding money, oldest first.
create index card_authorizations_pending_idx on card_authorizations (created_at) where status = 'Pending';

-- Every message the network sent, by its id: a repeated one is answered as the first was, from here.
create table card_network_messages (
  message_id text primary key,
  kind text not null check (kind in ('authorization', 'clearing', 'reversal', 'refund')),
  -- SHA-256 of the message's body: the same id with another body is refused.
  body_hash text not null,
  response jsonb not null,
  created_at timestamptz not null default now()
);

select pgboss.create_queue('cards.expire-authorizations', '{"policy":"standard","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);

-- A card payment is held at what the merchant authorised and booked at what it cleared, which may be
-- less (or, for a restaurant's tip, more): the one case where an operation's amount, and its
-- account row's, change after they are written. Only then: a 'card' operation's amount moves once,
-- as it leaves New for Approved, and its row's moves as it is booked. Every other amount stays as
-- written (apps/server/src/db/roles.ts grants the column; these triggers keep it to that one move).
create function operations_amount_fixed() returns trigger language plpgsql as $$
begin
  if new.amount is distinct from old.amount and not (old.kind = 'card' and old.status = 'New' and new.status = 'Approved') then
    raise exception 'the amount of operation % was fixed when it was made', old.id using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
create trigger operations_amount_fixed before update of amount on operations
  for each row execute function operations_amount_fixed();

create function statement_rows_amount_fixed() returns trigger language plpgsql as $$
begin
  if new.amount is distinct from old.amount and not (old.booked_at is null and new.booked_at is not null
       and exists (select 1 from operations where id = old.operation_id and kind = 'card')) then
    raise exception 'the amount of statement row % was fixed when it was made', old.id using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
create trigger statement_rows_amount_fixed before update of amount on statement_rows
  for each row execute function statement_rows_amount_fixed();
