/** The deposits module's face: term deposits, their rates, interest and payouts. */
export { depositLiability } from './liability';
export { depositPayoutsJob } from './payouts';
export { DEPOSIT_RATES_SUBJECT, depositRatesApproval, depositRatesPayloadOf } from './rate-approval';
export { depositRatesInForce } from './rate-table';
export { depositsOfClient } from './read';
export { default as depositRoutes } from './routes';
export type { DepositTables } from './tables';
export { openDeposit } from './open';
export { makeDuePayouts } from './payouts';
export { lockDeposit } from './records';
