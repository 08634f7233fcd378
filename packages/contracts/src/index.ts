export * from './money';
export * from './errors';
export * from './protocol';
export * from './tariffs';
export * from './accounts';
export * from './transfers';
export * from './exchange';
export * from './rates';
