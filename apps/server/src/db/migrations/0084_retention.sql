-- Every mail goes through the outbox of 0079 now, in development too (printed by the delivery job
-- when no SMTP_URL is set): the development table of 0001 is read by nothing.
drop table mail_outbox;

-- A contact message's mail is in the outbox, whose row says when it was delivered.
alter table contact_messages drop column mailed_at;

-- Mails written in one transaction keep the order they were written in (the delivery after an
-- outage, and the tests, take them oldest first).
alter table outgoing_mail alter column created_at set default clock_timestamp();

-- Mail waiting with no delivery job alive (its retries spent, or the job lost) is offered again.
select pgboss.create_queue('mail.sweep', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);

-- Retention (docs/time.md): each day, expired credentials, old idempotency records and the records of
-- mail delivered long ago are deleted. Their ages are in the configuration; history is never touched.
select pgboss.create_queue('retention.prune', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
create index outgoing_mail_delivered_idx on outgoing_mail (delivered_at) where delivered_at is not null;
create index idempotency_keys_created_idx on idempotency_keys (created_at);
create index sessions_expiry_idx on sessions (least(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity')));
create index password_resets_expires_idx on password_resets (expires_at);
create index login_challenges_expires_idx on login_challenges (expires_at);
create index operator_enrolment_links_expires_idx on operator_enrolment_links (expires_at);
