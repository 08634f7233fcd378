-- The sweeps' queues take every offer and let two runs overlap ('standard'), rather than keep one
-- waiting and one running ('stately'). A sweep is safe beside itself by design (row locks, the state
-- table, unique keys), while a stately queue would hold every later offer behind a run whose node
-- was killed until that run expires, and its workers would collide on the running one at each poll.
update pgboss.queue set policy = 'standard', expire_seconds = 600
where name in ('transfers.run-scheduled', 'standing-orders.plan', 'transfers.expire-holds', 'fees.maintenance',
  'fees.collect-arrears', 'rates.refresh', 'mail.sweep', 'retention.prune');
