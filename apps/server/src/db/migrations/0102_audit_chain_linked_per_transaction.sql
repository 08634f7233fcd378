-- The audit chain (migration 0075) linked once per transaction instead of once per row: at its
-- commit, a transaction locks the chain's head once and links all its audit rows in id order with
-- one insert and one move of the head, where it took the head, inserted a link and moved the head
-- again for every row. A batch of internal transfers writes a row per transfer, and those three
-- statements per row were a tenth of a transfer's time in PostgreSQL, most of it with the head
-- locked, that is with every other committing transaction waiting (docs/benchmarks.md, "one call
-- per batch"). The chain, its bytes and its verification are unchanged.
--
-- Each insert into audit_log adds its rows' ids to a setting of the transaction
-- (bank.audit_unlinked), rolled back with it or with its savepoint; the first of the deferred
-- triggers to fire at the commit links them all and empties it, and the others find their rows
-- linked. A row the setting does not name (it was emptied or changed by hand, or the trigger fired
-- at once under SET CONSTRAINTS … IMMEDIATE before the statement's collector) is linked alone, as
-- before, and a row already linked is never linked twice, so the setting can only make the work
-- cheaper, never leave a row out: audit:verify would name it.

create function audit_chain_collect() returns trigger language plpgsql
set search_path = pg_catalog, public, pg_temp
as $$
begin
  perform set_config('bank.audit_unlinked',
    concat_ws(',', nullif(current_setting('bank.audit_unlinked', true), ''), (select string_agg(id::text, ',' order by id) from new_rows)), true);
  return null;
end
$$;

create trigger audit_log_collect after insert on audit_log
  referencing new table as new_rows for each statement execute function audit_chain_collect();

create or replace function audit_chain_link() returns trigger language plpgsql security definer
set search_path = pg_catalog, public, pg_temp
as $$
declare
  pending bigint[];
  head public.audit_chain_head;
  entry public.audit_log;
  previous bytea;
  ids bigint[] := '{}';
  prev_hashes bytea[] := '{}';
  hashes bytea[] := '{}';
begin
  pending := string_to_array(nullif(current_setting('bank.audit_unlinked', true), ''), ',')::bigint[];
  if pending is not null then perform set_config('bank.audit_unlinked', '', true); end if;
  if not new.id = any(coalesce(pending, '{}')) then
    -- Not named: linked already with the transaction's others, or to be linked alone.
    if exists (select 1 from public.audit_chain where audit_id = new.id) then
      pending := null;
    else
      pending := coalesce(pending, '{}') || new.id;
    end if;
  end if;
  if pending is null then return null; end if;
  -- Waits here while another committing transaction holds the head: READ COMMITTED then reads the
  -- head that transaction left.
  select * into strict head from public.audit_chain_head for update;
  previous := head.row_hash;
  for entry in
    select a.* from public.audit_log a
    where a.id = any(pending) and not exists (select 1 from public.audit_chain c where c.audit_id = a.id)
    order by a.id
  loop
    ids := ids || entry.id;
    prev_hashes := prev_hashes || previous;
    previous := sha256(previous || public.audit_row_bytes(entry));
    hashes := hashes || previous;
  end loop;
  if cardinality(ids) = 0 then return null; end if;
  insert into public.audit_chain (position, audit_id, prev_hash, row_hash)
  select head.position + l.place, l.audit_id, l.prev_hash, l.row_hash
  from unnest(ids, prev_hashes, hashes) with ordinality as l (audit_id, prev_hash, row_hash, place);
  update public.audit_chain_head set position = head.position + cardinality(ids), row_hash = previous;
  return null;
end
$$;
