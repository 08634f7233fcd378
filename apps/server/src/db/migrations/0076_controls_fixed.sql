-- What the four-eyes controls rest on cannot be rewritten afterwards, whatever the code above does:
-- a proposal is decided once and as it was proposed, and never deleted; a transfer's EUR value and
-- the approvals it needs are fixed when it is made. The application's role does not own these
-- tables, so it can neither drop nor disable the triggers (0075, db/roles.ts).

create function approvals_decided_once() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'a proposal is never deleted (%)', old.id using errcode = 'insufficient_privilege';
  end if;
  if old.status <> 'Pending' then
    raise exception 'proposal % is % and does not change', old.id, old.status using errcode = 'insufficient_privilege';
  end if;
  if new.kind is distinct from old.kind or new.payload is distinct from old.payload or new.maker_id is distinct from old.maker_id
     or new.reason is distinct from old.reason or new.created_at is distinct from old.created_at
     or new.subject_type is distinct from old.subject_type or new.subject_id is distinct from old.subject_id then
    raise exception 'proposal % is decided as it was proposed', old.id using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
create trigger approvals_decided_once before update or delete on approvals
  for each row execute function approvals_decided_once();

create function transfers_thresholds_fixed() returns trigger language plpgsql as $$
begin
  if old.amount_eur is not null and (new.amount_eur is distinct from old.amount_eur
     or new.approvals_required is distinct from old.approvals_required or new.approval_reason is distinct from old.approval_reason) then
    raise exception 'the thresholds of transfer % were fixed when it was made', old.id using errcode = 'insufficient_privilege';
  end if;
  return new;
end
$$;
create trigger transfers_thresholds_fixed before update of amount_eur, approvals_required, approval_reason on transfers
  for each row execute function transfers_thresholds_fixed();
