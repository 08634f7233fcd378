/** The fees module's face: the monthly maintenance and high-risk service fees, the collection of arrears, the high-risk fee setting, and paying a fee in EUR from any account. */
export { collectArrearsJob } from './arrears';
export { HIGH_RISK_FEE_SUBJECT, highRiskFeeApproval, highRiskFeeInForce, highRiskFeePayloadOf } from './high-risk-fee';
export { maintenanceFeeJob } from './maintenance';
export { payFeeInEur } from './payment';
export type { FeeTables } from './tables';
