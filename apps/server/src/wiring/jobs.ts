import { expireAuthorizationsJob } from '../modules/cards';
import { depositPayoutsJob } from '../modules/deposits';
import { collectArrearsJob, maintenanceFeeJob } from '../modules/fees';
import { checkLedgerInvariantsJob } from '../modules/ledger';
import { deliverMailJob, sweepMailJob } from '../modules/mail';
import { refreshRatesJob } from '../modules/rates';
import { pruneRetentionJob } from '../modules/retention';
import { planStandingOrdersJob } from '../modules/standing-orders';
import { expireHoldsJob, runScheduledTransfersJob } from '../modules/transfers';
import type { JobDefinition } from '../modules/jobs';

/**
 * Every job of the bank, worked by every node whose JOBS_ENABLED is not 'false'. Each one's queue
 * is created by a migration (`select pgboss.create_queue(name, options)`); docs/time.md lists them
 * with their times.
 */
export const JOB_DEFINITIONS: readonly JobDefinition<never>[] = [deliverMailJob as JobDefinition<never>, sweepMailJob as JobDefinition<never>, pruneRetentionJob as JobDefinition<never>, runScheduledTransfersJob as JobDefinition<never>, expireHoldsJob as JobDefinition<never>, planStandingOrdersJob as JobDefinition<never>, maintenanceFeeJob as JobDefinition<never>, collectArrearsJob as JobDefinition<never>, depositPayoutsJob as JobDefinition<never>, refreshRatesJob as JobDefinition<never>, checkLedgerInvariantsJob as JobDefinition<never>, expireAuthorizationsJob as JobDefinition<never>];
