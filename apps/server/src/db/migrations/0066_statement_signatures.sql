-- Signed PDF statements (issue 14): the bank keeps what it signed, not the file. Each statement has
-- a random code printed on it; under that code are the facts shown when someone verifies it (the
-- holder's masked name, account, period, balances, issue time), the SHA-256 of its canonical content
-- (every row), the SHA-256 of the file as it was sent, so an uploaded copy is recognised byte for
-- byte, and the Ed25519 signature, with the key named by key_id, of all of these together. The row is written before the file and
-- completed after its last byte: digest, signature and file hash stay null for a statement whose
-- download failed, and such a statement never verifies as genuine.
create table statement_signatures (
  code text primary key check (code ~ '^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'),
  client_id uuid not null references clients (id),
  account_number text not null,
  holder_name_masked text not null,
  currency text not null,
  period_first_day text check (period_first_day ~ '^\d{4}-\d{2}-\d{2}$'),
  period_last_day text check (period_last_day ~ '^\d{4}-\d{2}-\d{2}$'),
  issued_at timestamptz not null,
  language text not null check (language in ('en', 'ru')),
  opening_balance text not null,
  credit_turnover text not null,
  debit_turnover text not null,
  closing_balance text not null,
  row_count integer,
  digest text check (digest ~ '^[0-9a-f]{64}$'),
  signature text,
  key_id text,
  file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$'),
  completed_at timestamptz,
  check ((digest is null) = (signature is null) and (digest is null) = (file_sha256 is null) and (digest is null) = (completed_at is null))
);
create index statement_signatures_file_idx on statement_signatures (file_sha256) where file_sha256 is not null;
create index statement_signatures_client_idx on statement_signatures (client_id, issued_at);
