/** The transfers module's face: transfers between accounts, abroad, incoming, dated, and their review. */
export { quoteInternationalFee } from './fees';
export { expireHoldsJob } from './hold-expiry';
export { bookIncomingPayment } from './incoming';
export { incomingPaymentApproval, incomingPaymentPayloadSchema } from './incoming-approval';
export { previewIncomingPayment } from './incoming-review';
export { internalTransferJob, internalTransferOrder, settleInternalTransfers } from './internal';
export type { InternalTransferOrder } from './internal';
export { createInternationalTransfer, internationalTransferOrder } from './international';
export { transferReleaseApproval } from './release-approval';
export { reversalApproval } from './reversal';
export { approvePayment, countPendingPayments, denyPayment, getPaymentReview, listPaymentsQueue } from './review';
export { default as transferRoutes } from './routes';
export { cancelScheduledTransfer, RUN_SCHEDULED_TRANSFERS, runDueScheduledTransfers, runScheduledTransfersJob, scheduleTransfer } from './scheduled';
export { cancelOwnTransfer } from './withdrawal';
export { expireHolds } from './hold-expiry';
