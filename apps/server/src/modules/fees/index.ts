/** The fees module's face: the monthly maintenance and high-risk service fees, the collection of arrears, and the high-risk fee setting. */
export { collectArrearsJob } from './arrears';
export { HIGH_RISK_FEE_SUBJECT, highRiskFeeApproval, highRiskFeeInForce, highRiskFeePayloadOf } from './high-risk-fee';
export { maintenanceFeeJob } from './maintenance';
export type { FeeTables } from './tables';
