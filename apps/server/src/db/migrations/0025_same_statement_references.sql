-- Postings and their journal entry, and statement rows and their transfer, are always written by
-- one statement of the ledger's write (a parent and its children together), so a foreign key
-- between them guards nothing the code and the invariant check (modules/ledger/invariants.ts) do not.
-- It did cost: each child row ran a lookup of a parent table that grows from empty, and a lookup
-- plan cached while the table was small scans it whole, slowing every transfer as history grows.
-- References to accounts, clients and ledger accounts stay enforced.
alter table postings drop constraint postings_entry_id_fkey;
alter table transactions drop constraint transactions_transfer_id_fkey;
