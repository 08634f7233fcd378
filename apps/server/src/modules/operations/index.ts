/** The record of operations' face: every operation's record, its sides, statuses, limits, fees and statement rows. */
export { chargeFee, tariffFeeInMinor } from './fee-charge';
export { approvalsNeeded, bankDayOf, refuseOverOperationMaximum, thresholdsAtCreation } from './limits';
export type { TransferThresholds } from './limits';
export { assertPayeeLookupsAllowed, FAILED_PAYEE_LOOKUPS_PER_CLIENT, payeeLookupBlock, PayeeLookupFailed, withPayeeLookups } from './payee-lookup';
export { approveTransfer, captureTransfer, denyLockedTransfer, denyTransfer, endLockedTransfer, lockPendingTransfer, markTransferProcessing, REVIEWED_KINDS, setTransferProcessing } from './pending';
export type { PendingTransfer } from './pending';
export { addTransferSides, recordedTexts, recordOperations, setTransferStatus } from './records';
export type { NewOperation, NewSide, NewTransfer, NewWalletSide } from './records';
export type { TransferTables, WalletSideKind } from './tables';
export { countMovements, countQuery, countTransactionRows, keyAtQuery, listTransactionRecords, movementOf, readKeyAt, readLatestTemplateRows, readTransactionRows, rowsQuery, statusReasonsOf, transactionRowBatches } from './transaction-rows';
export type { KeysetKey, Seek, TransactionFilter, TransactionRow } from './transaction-rows';
export { storedDetails } from './operation-details';
export { thresholdsDetail } from './records';
export { bookBankMovement } from './bank-movement';
export type { BankMovement, BookedBankMovement } from './bank-movement';
