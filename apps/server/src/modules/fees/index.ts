/** The fees module's face: the monthly maintenance fee and the collection of arrears. */
export { collectArrearsJob } from './arrears';
export { maintenanceFeeJob } from './maintenance';
export type { FeeTables } from './tables';

