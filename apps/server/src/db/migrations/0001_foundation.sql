-- Foundation: the audit trail and the development mail outbox.

create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_type text not null check (actor_type in ('client', 'operator', 'system', 'anonymous')),
  actor_id text,
  action text not null,
  subject_type text,
  subject_id text,
  ip text,
  before jsonb,
  after jsonb
);
create index audit_log_subject_idx on audit_log (subject_type, subject_id, at desc);

-- Mails sent while no SMTP_URL is set (development only): stored so they can be read back.
create table mail_outbox (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text
);
