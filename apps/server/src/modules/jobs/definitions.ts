import { depositPayoutsJob } from '../deposits/payouts';
import { collectArrearsJob } from '../fees/arrears';
import { maintenanceFeeJob } from '../fees/maintenance';
import { checkLedgerInvariantsJob } from '../ledger/invariant-check';
import { deliverMailJob } from '../mail/outbox';
import { sweepMailJob } from '../mail/sweep';
import { refreshRatesJob } from '../rates/refresh';
import { pruneRetentionJob } from '../retention/prune';
import { planStandingOrdersJob } from '../standing-orders/job';
import { expireHoldsJob } from '../transfers/hold-expiry';
import { runScheduledTransfersJob } from '../transfers/scheduled';
import type { JobDefinition } from './queue';

/**
 * Every job of the bank, worked by every node whose JOBS_ENABLED is not 'false'. Each one's queue
 * is created by a migration (`select pgboss.create_queue(name, options)`); README lists them with
 * their times.
 */
export const JOB_DEFINITIONS: readonly JobDefinition<never>[] = [deliverMailJob as JobDefinition<never>, sweepMailJob as JobDefinition<never>, pruneRetentionJob as JobDefinition<never>, runScheduledTransfersJob as JobDefinition<never>, expireHoldsJob as JobDefinition<never>, planStandingOrdersJob as JobDefinition<never>, maintenanceFeeJob as JobDefinition<never>, collectArrearsJob as JobDefinition<never>, depositPayoutsJob as JobDefinition<never>, refreshRatesJob as JobDefinition<never>, checkLedgerInvariantsJob as JobDefinition<never>];
