/** The standing orders module's face: a client's repeating payments and their dated occurrences. */
export { PLAN_STANDING_ORDERS, planStandingOrdersJob } from './job';
export { default as standingOrderRoutes } from './routes';
export { listScheduledTransfers } from './schedules';
export { cancelPlansOfClosedClient, listStandingOrders } from './service';
export type { StandingOrderTables } from './tables';

