export * from './money';
export * from './errors';
export * from './protocol';
export * from './tariffs';
