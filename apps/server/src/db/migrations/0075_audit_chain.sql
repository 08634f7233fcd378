-- The audit trail as a hash chain (docs/bank-controls.md): every audit row is linked to the one before it by
-- a SHA-256 over the row's fields and the previous row's hash, so a row changed, removed or slipped
-- in by hand, even by the tables' owner, breaks the chain where it happened (npm run audit:verify).
--
-- The links live beside the rows, one audit_chain row per audit_log row, so audit_log itself stays
-- as it was written and nobody ever updates it. A link is made when the inserting transaction
-- commits (a deferred trigger), under a lock on the chain's one head row: transactions write their
-- audit rows side by side and take turns only for the instant of their commit, and the chain's
-- order is the order in which they committed. That order is `position`, not the row's id: ids are
-- handed out when a row is inserted, and a transaction that started earlier may commit later.

create table audit_chain (
  -- 1, 2, 3, … in the order the links were made; a gap is a link removed.
  position bigint primary key,
  audit_id bigint not null unique,
  -- The row_hash of the link before (32 zero bytes before the first).
  prev_hash bytea not null check (octet_length(prev_hash) = 32),
  -- sha256(prev_hash || audit_row_bytes(the audit row)).
  row_hash bytea not null check (octet_length(row_hash) = 32)
);

-- The chain's last link. Inserting transactions lock this row at commit, which is what keeps the
-- chain a line; its hash also shows whether links at the end were cut off.
create table audit_chain_head (
  id boolean primary key default true check (id),
  position bigint not null,
  row_hash bytea not null check (octet_length(row_hash) = 32)
);
insert into audit_chain_head (position, row_hash) values (0, decode(repeat('00', 32), 'hex'));

-- The canonical bytes of an audit row: each field as text (the id in decimal, the instant in UTC
-- to the microsecond, JSON as PostgreSQL writes jsonb), written as '<UTF-8 byte length>:<text>,' or
-- '-,' for null, in the table's column order. The lengths make the encoding unambiguous, so no two
-- different rows have the same bytes. audit:verify rebuilds these bytes itself (audit/chain.ts);
-- the two must change together.
create function audit_row_bytes(entry audit_log) returns bytea language sql stable
set search_path = pg_catalog, public, pg_temp
as $$
  select convert_to(string_agg(case when field is null then '-' else octet_length(convert_to(field, 'UTF8'))::text || ':' || field end || ',', '' order by place), 'UTF8')
  from unnest(array[
    entry.id::text,
    to_char(entry.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    entry.actor_type,
    entry.actor_id,
    entry.action,
    entry.subject_type,
    entry.subject_id,
    entry.ip,
    entry.before::text,
    entry.after::text
  ]) with ordinality as fields (field, place)
$$;

-- Links one committed audit row to the chain. It runs with its owner's rights (security definer)
-- so that the application's role, which may only insert audit rows, can neither write links nor
-- move the head itself; its search_path is fixed so that no table of the caller's can stand in.
create function audit_chain_link() returns trigger language plpgsql security definer
set search_path = pg_catalog, public, pg_temp
as $$
declare
  head public.audit_chain_head;
  hash bytea;
begin
  -- Waits here while another committing transaction holds the head: READ COMMITTED then reads the
  -- head that transaction left.
  select * into strict head from public.audit_chain_head for update;
  hash := sha256(head.row_hash || public.audit_row_bytes(new));
  insert into public.audit_chain (position, audit_id, prev_hash, row_hash) values (head.position + 1, new.id, head.row_hash, hash);
  update public.audit_chain_head set position = head.position + 1, row_hash = hash;
  return null;
end
$$;

-- Rows already written are chained in id order (nothing else can order them now), with new
-- inserts held off until this migration commits.
lock table audit_log in share row exclusive mode;
do $$
declare
  entry audit_log;
  previous bytea := decode(repeat('00', 32), 'hex');
  hash bytea;
  counted bigint := 0;
begin
  for entry in select * from audit_log order by id loop
    counted := counted + 1;
    hash := sha256(previous || audit_row_bytes(entry));
    insert into audit_chain (position, audit_id, prev_hash, row_hash) values (counted, entry.id, previous, hash);
    previous := hash;
  end loop;
  update audit_chain_head set position = counted, row_hash = previous;
end
$$;

create constraint trigger audit_log_chain after insert on audit_log
  deferrable initially deferred for each row execute function audit_chain_link();

-- The trail only grows, as the ledger's history does (0020): refused for everyone, the owner too,
-- unless the owner first disables the trigger, which is what the chain is there to catch.
create function audit_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the audit trail is append-only: % on % refused', tg_op, tg_table_name;
end
$$;
create trigger audit_log_append_only before update or delete or truncate on audit_log
  for each statement execute function audit_refuse_change();
create trigger audit_chain_append_only before update or delete or truncate on audit_chain
  for each statement execute function audit_refuse_change();
-- Without its head row no audit row could be written at all.
create trigger audit_chain_head_kept before delete or truncate on audit_chain_head
  for each statement execute function audit_refuse_change();
