-- The canonical bytes of an audit row (0075), the same bytes, computed by PL/pgSQL. As a SQL function
-- with its own search_path it is never inlined, and PostgreSQL plans its query afresh on every call:
-- at every commit, once per audit row the transaction wrote. PL/pgSQL keeps its plans for the
-- connection's life. audit:verify rebuilds these bytes itself (audit/chain.ts); the two must change
-- together, and audit/chain.test.ts checks them equal on rows of every shape.
create or replace function audit_row_bytes(entry audit_log) returns bytea language plpgsql stable
set search_path = pg_catalog, public, pg_temp
as $$
declare
  field text;
  encoded text := '';
begin
  foreach field in array array[
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
  ] loop
    encoded := encoded || case when field is null then '-' else octet_length(convert_to(field, 'UTF8'))::text || ':' || field end || ',';
  end loop;
  return convert_to(encoded, 'UTF8');
end
$$;
