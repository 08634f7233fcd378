export * from './account-number';
export * from './fields';
export * from './list-accounts';
export * from './create-account';
