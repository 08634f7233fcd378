-- A batch of internal transfers written in one call (docs/architecture.md, "One call per batch of
-- internal transfers"): the idempotency keys' claims, the ledger's locks, checks, entries, postings
-- and balances, the operations, their statement rows and audit rows, and the claims given back by
-- the transfers refused. Called on its own it is its own transaction, so a batch costs the server
-- one round trip instead of six (begin, claim, lock, post, record, commit); called inside a
-- transaction (a batch shared with other kinds of writes) it takes part in that one.
--
-- The arrays are aligned by transfer, in the order the transfers were submitted; a transfer without
-- an idempotency key has nulls in the key's arrays. The client who asks for an internal transfer
-- is the payer's owner (transfers/internal.ts finds the payer's account among the client's own), so
-- the operation, its audit row and the template are the payer's client's. Each transfer is answered by one row:
--   written            booked; `number` is its transaction number;
--   replayed           its key was used before for the same request: the answer stored then;
--   conflict           its key was used before for another request;
--   INSUFFICIENT_FUNDS the payer's balance, after the transfers before it, cannot pay it;
--   ACCOUNT_CLOSED     the payee's account is closed to new money (migration 0098).
--
-- The rules are the ledger's (modules/ledger/ledger.ts, postEntries): the accounts are locked in
-- ascending id order, for no key update; the transfers are decided in order, each against the
-- balances the ones before it left; a client's or a deposit's booked and available balances never go
-- below zero (and the checks of migrations 0020 and 0088 stand behind that); the funds are checked
-- before the payee, so a payer who cannot pay learns nothing of the payee's account. The booking
-- instant is the clock once every lock is held. The rows written are those recordOperations writes
-- for an internal transfer (modules/operations/records.ts); modules/transfers/internal.test.ts
-- checks that both write the same.
create function internal_transfers_batch(
  key_owners uuid[], key_texts text[], key_hashes text[], answer_status integer, answer_body jsonb,
  transfer_ids uuid[], payer_ledgers bigint[], payee_ledgers bigint[], currencies text[], amounts numeric[],
  payer_clients uuid[], payee_clients uuid[], payer_accounts uuid[], payee_accounts uuid[], payer_numbers text[], payee_numbers text[],
  recipients text[], templates text[], descriptions text[], details_of jsonb[], posted_ats timestamptz[]
) returns table (job integer, outcome text, transaction_number text, stored_status integer, stored_body jsonb)
language plpgsql
set search_path = pg_catalog, public, pg_temp
as $$
declare
  n integer := coalesce(array_length(transfer_ids, 1), 0);
  results text[] := array_fill(null::text, array[n]);
  numbers text[] := array_fill(null::text, array[n]);
  replay_status integer[] := array_fill(null::integer, array[n]);
  replay_body jsonb[] := array_fill(null::jsonb, array[n]);
  booked_at timestamptz[] := array_fill(null::timestamptz, array[n]);
  payer_after numeric[] := array_fill(null::numeric, array[n]);
  payee_after numeric[] := array_fill(null::numeric, array[n]);
  entry_ids uuid[] := array_fill(null::uuid, array[n]);
  unclaimed integer[];
  acc_id bigint[];
  acc_kind text[];
  acc_currency text[];
  acc_booked numeric[];
  acc_available numeric[];
  acc_closed boolean[];
  acc_changed boolean[];
  locked_at timestamptz;
  p integer;
  q integer;
  stored record;
  i integer;
begin
  if n = 0 then return; end if;
  if exists (
    select 1 from unnest(array[
      array_length(key_owners, 1), array_length(key_texts, 1), array_length(key_hashes, 1), array_length(payer_ledgers, 1),
      array_length(payee_ledgers, 1), array_length(currencies, 1), array_length(amounts, 1), array_length(payer_clients, 1),
      array_length(payee_clients, 1), array_length(payer_accounts, 1), array_length(payee_accounts, 1), array_length(payer_numbers, 1),
      array_length(payee_numbers, 1), array_length(recipients, 1), array_length(templates, 1), array_length(descriptions, 1),
      array_length(details_of, 1), array_length(posted_ats, 1)]) as lengths (length)
    where length is distinct from n
  ) then
    raise exception 'internal_transfers_batch: arrays of different lengths';
  end if;
  -- One key twice in one insert would count as claimed twice: the batches are formed so it never is.
  if (select count(*) <> count(distinct (c.owner, c.key)) from unnest(key_owners, key_texts) as c (owner, key) where c.owner is not null) then
    raise exception 'internal_transfers_batch: one idempotency key twice in a batch';
  end if;

  -- 1. The keys. One already there waited here for the transaction that claimed it, and is read as
  -- it committed: its answer is replayed for the same request, and another request is a conflict.
  with claimed as (
    insert into idempotency_keys as k (client_id, key, request_hash, response_status, response_body)
    select c.owner, c.key, c.hash, answer_status, answer_body
    from unnest(key_owners, key_texts, key_hashes) as c (owner, key, hash) where c.owner is not null
    on conflict on constraint idempotency_keys_pkey do nothing
    returning k.client_id, k.key
  )
  select coalesce(array_agg(c.place::integer), '{}') into unclaimed
  from unnest(key_owners, key_texts) with ordinality as c (owner, key, place)
  where c.owner is not null and not exists (select 1 from claimed where claimed.client_id = c.owner and claimed.key = c.key);
  if cardinality(unclaimed) > 0 then
    for stored in
      select c.place, k.request_hash = key_hashes[c.place] and k.response_status is not null as same, k.response_status, k.response_body
      from unnest(unclaimed) as c (place) join idempotency_keys k on k.client_id = key_owners[c.place] and k.key = key_texts[c.place]
    loop
      if stored.same then
        results[stored.place] := 'replayed';
        replay_status[stored.place] := stored.response_status;
        replay_body[stored.place] := stored.response_body;
      else
        results[stored.place] := 'conflict';
      end if;
    end loop;
    if exists (select 1 from unnest(unclaimed) as c (place) where results[c.place] is null) then
      raise exception 'internal_transfers_batch: an idempotency key neither claimed nor found';
    end if;
  end if;

  -- 2. The ledger accounts of the transfers to write, locked in ascending id order.
  select array_agg(a.id order by a.id), array_agg(a.kind order by a.id), array_agg(a.currency order by a.id),
    array_agg(a.booked order by a.id), array_agg(a.available order by a.id), array_agg(a.credits_closed order by a.id)
  into acc_id, acc_kind, acc_currency, acc_booked, acc_available, acc_closed
  from (
    select l.id, l.kind, l.currency, l.booked, l.available, l.credits_closed_at is not null as credits_closed
    from ledger_accounts l
    where l.id = any(array(
      select unnest(array[payer_ledgers[t.place], payee_ledgers[t.place]])
      from generate_subscripts(transfer_ids, 1) as t (place) where results[t.place] is null))
    order by l.id for no key update
  ) as a;
  -- Read once every lock is held (a clock read with the rows could precede the wait for the last).
  locked_at := clock_timestamp();
  acc_changed := array_fill(false, array[coalesce(array_length(acc_id, 1), 0)]);

  -- 3. Each transfer in order, against what the ones before it left.
  for i in 1 .. n loop
    -- Replayed and conflicting transfers are answered already.
    continue when results[i] is not null;
    p := array_position(acc_id, payer_ledgers[i]);
    q := array_position(acc_id, payee_ledgers[i]);
    if p is null or q is null then
      raise exception 'internal_transfers_batch: ledger account % or % does not exist', payer_ledgers[i], payee_ledgers[i];
    end if;
    if p = q then raise exception 'internal_transfers_batch: a transfer from ledger account % to itself', payer_ledgers[i]; end if;
    if acc_currency[p] <> currencies[i] or acc_currency[q] <> currencies[i] then
      raise exception 'internal_transfers_batch: a transfer in % between ledger accounts kept in % and %', currencies[i], acc_currency[p], acc_currency[q];
    end if;
    if not amounts[i] > 0 then raise exception 'internal_transfers_batch: an amount of % moves nothing', amounts[i]; end if;
    if acc_kind[p] in ('client', 'deposit') and (acc_booked[p] < amounts[i] or acc_available[p] < amounts[i]) then
      results[i] := 'INSUFFICIENT_FUNDS';
    elsif acc_closed[q] then
      results[i] := 'ACCOUNT_CLOSED';
    else
      acc_booked[p] := acc_booked[p] - amounts[i];
      acc_available[p] := acc_available[p] - amounts[i];
      acc_booked[q] := acc_booked[q] + amounts[i];
      acc_available[q] := acc_available[q] + amounts[i];
      acc_changed[p] := true;
      acc_changed[q] := true;
      results[i] := 'written';
      payer_after[i] := acc_booked[p];
      payee_after[i] := acc_booked[q];
      booked_at[i] := coalesce(posted_ats[i], locked_at);
      entry_ids[i] := gen_random_uuid();
    end if;
  end loop;

  -- 4. The ledger's rows and balances, then the records of the transfers written.
  if 'written' = any(results) then
    insert into journal_entries (id, kind, transfer_id, created_at)
    select entry_ids[t.place], 'internal_transfer', transfer_ids[t.place], booked_at[t.place]
    from generate_subscripts(transfer_ids, 1) as t (place) where results[t.place] = 'written' order by t.place;
    insert into postings (entry_id, ledger_account_id, currency, amount, created_at)
    select entry_ids[t.place], s.ledger, currencies[t.place], s.amount, booked_at[t.place]
    from generate_subscripts(transfer_ids, 1) as t (place)
    cross join lateral (values (1, payer_ledgers[t.place], -amounts[t.place]), (2, payee_ledgers[t.place], amounts[t.place])) as s (side, ledger, amount)
    where results[t.place] = 'written' order by t.place, s.side;
    update ledger_accounts as l set booked = b.booked, available = b.available
    from unnest(acc_id, acc_booked, acc_available, acc_changed) as b (id, booked, available, changed)
    where b.changed and l.id = b.id;

    with new_operations as (
      insert into operations as o (id, kind, status, client_id, amount, currency, fee, counterparty, details, created_at, updated_at, booked_at, number)
      select transfer_ids[t.place], 'internal', 'Approved', payer_clients[t.place], amounts[t.place], currencies[t.place], amounts[t.place] * 0,
        recipients[t.place], details_of[t.place], booked_at[t.place], booked_at[t.place], booked_at[t.place], nextval('transaction_number_seq')::text
      from generate_subscripts(transfer_ids, 1) as t (place) where results[t.place] = 'written' order by t.place
      returning o.id, o.number
    ),
    numbered as (
      select t.place, o.number from generate_subscripts(transfer_ids, 1) as t (place) join new_operations o on o.id = transfer_ids[t.place]
    ),
    new_sides as (
      insert into statement_rows (operation_id, client_id, account_id, direction, from_account, to_account, recipient, amount, currency, fee,
        balance_after, transaction_type, reference, template_name, description, created_at, booked_at, number, status)
      select transfer_ids[o.place], s.client, s.account, s.direction, payer_numbers[o.place], payee_numbers[o.place], recipients[o.place],
        amounts[o.place], currencies[o.place], amounts[o.place] * 0, s.balance_after, 'Intra', 'Internal',
        -- A template is the payer's private label: another client's side never carries it.
        case when s.client = payer_clients[o.place] then templates[o.place] end,
        descriptions[o.place], booked_at[o.place], booked_at[o.place], o.number, 'Approved'
      from numbered o
      cross join lateral (values
        (1, payer_clients[o.place], payer_accounts[o.place], 'OUT', payer_after[o.place]),
        (2, payee_clients[o.place], payee_accounts[o.place], 'IN', payee_after[o.place])) as s (side, client, account, direction, balance_after)
      order by o.place, s.side
    ),
    new_audit as (
      insert into audit_log (actor_type, actor_id, action, subject_type, subject_id, after)
      select 'client', payer_clients[o.place]::text, 'transfer.create.internal', 'transfer', transfer_ids[o.place]::text,
        jsonb_build_object('status', 'Approved', 'number', o.number)
      from numbered o order by o.place
    )
    select array_agg(o.number order by t.place) into numbers
    from generate_subscripts(transfer_ids, 1) as t (place) left join numbered o on o.place = t.place;
  end if;

  -- 5. The keys of the transfers refused are given back, so a retry runs afresh.
  delete from idempotency_keys k
  using generate_subscripts(transfer_ids, 1) as t (place)
  where results[t.place] in ('INSUFFICIENT_FUNDS', 'ACCOUNT_CLOSED') and key_owners[t.place] is not null
    and k.client_id = key_owners[t.place] and k.key = key_texts[t.place];

  return query
  select t.place, results[t.place], numbers[t.place], replay_status[t.place], replay_body[t.place]
  from generate_subscripts(transfer_ids, 1) as t (place) order by t.place;
end
$$;
