/** The ledger's face: the only writer of postings and balances, holds, idempotent writes and the group commit. */
export { eachInSavepoint, GroupCommit, HTTP_GROUP_COMMIT, idempotencyConflict } from './group-commit';
export type { GroupCommitObserver, GroupCommitOptions, IdempotencyClaim, JobOutcome, MoneyWriteKind } from './group-commit';
export { writeTransferBatch } from './transfer-batch';
export type { TransferBatchItem, TransferBatchOutcome } from './transfer-batch';
export { ownWrite, replyIdempotently } from './idempotency';
export type { PreparedJob } from './idempotency';
export { checkLedgerInvariantsJob, readLastInvariantCheck } from './invariant-check';
export type { InvariantCheck } from './invariant-check';
export { findLedgerViolations } from './invariants';
export { bankAccountId, closeToCredits, lockBalances, openClientLedgerAccount, openDepositLedgerAccount, placeHold, placeHolds, postEntries, postEntry, readBalances, releaseHold } from './ledger';
export type { Balance, EntryKind, EntryRefusal, HoldInput, HoldOutcome, LedgerAccountId, PlaceHold, PostingInput } from './ledger';
export type { LedgerTables } from './tables';
export { inMoneyTransaction } from './transaction';
