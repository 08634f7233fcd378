// The transfers feature's public face: the review of a transfer before it is sent, which the crypto
// transfer shows as a bank transfer does (its stylesheet comes with transfers.css).
export { TransferReview, type ReviewRow } from './TransferReview';
// Other screens open the transfer form filled in: a template, or a new standing order.
export { standingOrderDraftOf } from './templateDraft';
export { presetTransferForm } from './transferDraft';
