-- Mail that keeps up (docs/time.md#mail-through-an-outbox). A delivery no longer holds the mail's row
-- locked in a transaction while the mail server is spoken to: it claims the mail until claimed_until,
-- sends it with no transaction open, then marks it delivered, so several deliveries run side by side
-- and none keeps a database connection waiting on the mail server. A claim that runs out (its node
-- stopped mid-delivery) lets the mail be sent again, under the same Message-ID.
-- A mail's kind: a code or link its reader waits for ('code') is delivered before the notices.
alter table outgoing_mail
  add column kind text not null default 'notice' check (kind in ('code', 'notice')),
  add column claimed_until timestamptz;
