/** The KYC module's face: a client's identification, its review and decision, and the client's risk level. */
export { countKycInReview, getKycReview, listKycQueue } from './review';
export { default as kycRoutes } from './routes';
export { clientOfKyc, decideKyc, identifiedClientOnly, listKycRecords, requireIdentifiedClient } from './service';
export { clientRiskApproval, clientRiskHistory, clientRiskLevel, clientRiskPayloadOf, highRiskClientIds } from './risk';
export type { KycTables } from './tables';

