export * from './rate-quote';
export * from './convert';
