export * from './exchange-rate';
export * from './create-exchange';
