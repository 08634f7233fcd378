-- Mail through an outbox (docs/time.md): a mail is written in the transaction of the act that causes it
-- and delivered by the job queue with retries. Its body is sealed with the server's secret while it
-- waits (codes and links are in it) and dropped once it is delivered; the row stays as the record.
create table outgoing_mail (
  id uuid primary key default gen_random_uuid(),
  recipient text not null,
  subject text not null,
  sealed_body text,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  delivered_at timestamptz
);
create index outgoing_mail_waiting_idx on outgoing_mail (created_at) where delivered_at is null;

select pgboss.create_queue('mail.deliver', '{"policy":"standard","retryLimit":30,"retryDelay":5,"retryBackoff":true,"expireInSeconds":300}'::json);
