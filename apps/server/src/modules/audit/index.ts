/** The audit module's face: the hash-chained trail of every act, and its verification. */
export { verifyAuditChain } from './chain';
export { listAudit, recordAudit } from './service';
export type { AuditRecord } from './service';
