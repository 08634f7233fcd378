/** The job queue's face: the bank's clock and its dates, and the PostgreSQL job queue. */
export { addBankingDays, addCalendarDays, bankDateOf, bankToday, fixedClock, instantOnBankDate, isBankingDay, monthDay, previousMonthOf, systemClock } from './clock';
export type { BankClock, FixedClock } from './clock';
export { JobQueue, offerJob } from './queue';
export type { JobContext, JobDefinition } from './queue';
export { readJobQueueStats } from './queue-stats';
export type { JobQueueStats } from './queue-stats';

