export * from './exchange-rate';
export * from './create-exchange';
export * from './conversion-quote';
