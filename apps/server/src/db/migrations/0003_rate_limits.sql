-- Rate-limit counters kept in the database, so that several API servers agree on them (docs/reliability.md#more-than-one-api-node).
create table rate_limits (
  key text primary key,
  hits integer not null,
  expires_at timestamptz not null
);
create index rate_limits_expires_idx on rate_limits (expires_at);
