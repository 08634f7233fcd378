-- Sessions and devices (issue 13). A session remembers the browser it was opened in and the address
-- it came from, for the client's list of live sessions. A device the client signed in from is
-- remembered by the keyed hash of a random token kept in an HttpOnly cookie: a sign-in from a
-- device not seen before sends the client an e-mail.
alter table sessions
  add column user_agent text,
  add column ip text;

create table client_devices (
  id bigserial primary key,
  client_id uuid not null references clients (id),
  token_hash text not null,
  user_agent text,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  unique (client_id, token_hash)
);
