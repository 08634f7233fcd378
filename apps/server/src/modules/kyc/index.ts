/** The KYC module's face: a client's identification, its review and decision. */
export { countKycInReview, getKycReview, listKycQueue } from './review';
export { default as kycRoutes } from './routes';
export { clientOfKyc, decideKyc, identifiedClientOnly, listKycRecords, requireIdentifiedClient } from './service';
export type { KycTables } from './tables';

