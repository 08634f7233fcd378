-- Messages sent through the public contact forms (docs/product.md): kept so none is lost when the mail
-- server is down, and so the back office can read them.

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  name text not null,
  email text not null,
  phone text not null,
  message text,
  ip text,
  -- Set once the message has been handed to the mail server; null means it still has to be forwarded.
  mailed_at timestamptz
);
create index contact_messages_received_idx on contact_messages (received_at desc);
