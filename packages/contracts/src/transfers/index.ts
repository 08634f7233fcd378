export * from './status';
export * from './transaction-record';
export * from './dates';
export * from './create-internal-transfer';
export * from './create-international-transfer';
export * from './create-transaction';
export * from './list-transactions';
export * from './transfer-fee';
