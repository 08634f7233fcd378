/** The approvals module's face: one four-eyes mechanism (propose, approve, reject, withdraw) for every kind of act. */
export type { ApprovalContext, ApprovalHandler, ApprovalInspection, ApprovalRegistry } from './handler';
export { approveApproval, approveInTransaction, closeOpenProposal, countPendingApprovals, getApproval, listApprovals, pendingApprovalOf, pendingApprovalsAbout, proposeApproval, rejectApproval, withdrawApproval } from './service';
export type { Actor, NonOperatorCloser } from './service';
export type { ApprovalTables } from './tables';
export { approvalsOfTransfers, hasApprovedTransfer, recordTransferApproval } from './transfer-approvals';
