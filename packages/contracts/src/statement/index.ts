export * from './periods';
export * from './statement-query';
export * from './statement-row';
export * from './templates';
export * from './columns';
export * from './verify';
export * from './balance-history';
