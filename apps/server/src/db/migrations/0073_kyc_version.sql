-- A KYC decision binds to the submission the operator reviewed. Every change to a submission counts
-- one more version; the operator's screen sends back the version it showed, and a decision on any
-- other version is refused. The trigger counts, so no code path can change a submission and leave
-- its version behind. decided_version keeps which version the decision was made on.
alter table kyc_records add column version integer not null default 1 check (version >= 1);
alter table kyc_records add column decided_version integer check (decided_version >= 1);

create function kyc_records_count_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;

create trigger kyc_records_count_version before update on kyc_records
  for each row execute function kyc_records_count_version();
