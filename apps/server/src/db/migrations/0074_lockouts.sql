-- Lockouts that strangers cannot use (auth/lockouts.ts, backoffice/lockouts.ts). An address from
-- which an operator opened a session within the last days is the operator's known device, which
-- the slower per-operator caps do not refuse; this index finds such a session at every operator
-- sign-in without reading the clients' sessions.
create index sessions_operator_address_idx on sessions (subject_id, ip, created_at) where subject_type = 'operator';
