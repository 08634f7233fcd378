import { deliverMailJob } from '../mail/outbox';
import type { JobDefinition } from './queue';

/**
 * Every job of the bank, worked by every node whose JOBS_ENABLED is not 'false'. Each one's queue
 * is created by a migration (`select pgboss.create_queue(name, options)`); README lists them with
 * their times.
 */
export const JOB_DEFINITIONS: readonly JobDefinition<never>[] = [deliverMailJob as JobDefinition<never>];
