import type { JobDefinition } from '../jobs';
import { planDueStandingOrders } from './occurrences';

/**
 * standing-orders.plan: every five minutes (and at every start, for what fell due while every node
 * was down), each standing order's occurrences due today or earlier become Scheduled transfers,
 * which transfers.run-scheduled books at the payments hour of their date.
 */
export const PLAN_STANDING_ORDERS = 'standing-orders.plan';

export const planStandingOrdersJob: JobDefinition = {
  name: PLAN_STANDING_ORDERS,
  cron: '*/5 * * * *',
  catchUpOnStart: true,
  async run(context) {
    const planned = await planDueStandingOrders(context);
    if (planned > 0) context.log.info({ planned }, 'standing orders planned');
  },
};
