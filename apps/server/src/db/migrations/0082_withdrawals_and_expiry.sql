-- A client withdraws a payment order still waiting for the bank, and a pending transfer the bank
-- does not decide in time expires (docs/time.md). A fee the bank charges a client (docs/product.md#tariffs-and-limits: the
-- withdrawal of a payment order, the monthly account maintenance) is a transfer of its own kind,
-- booked with its own statement row.
alter table transfers drop constraint transfers_kind_check;
alter table transfers add constraint transfers_kind_check
  check (kind in ('internal', 'international', 'exchange', 'incoming', 'crypto', 'crypto_internal', 'crypto_deposit', 'crypto_conversion', 'reversal', 'fee'));

-- The sweep that expires undecided transfers: one waiting and one running at most.
select pgboss.create_queue('transfers.expire-holds', '{"policy":"stately","retryLimit":10,"retryDelay":30,"retryBackoff":true,"expireInSeconds":900}'::json);
