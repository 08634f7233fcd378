/**
 * The money module, one for server and web: currencies and their scales, exact decimal text ↔
 * bigint minor units, exact ratios with every rounding the bank does, and the exchange maths.
 * Money is never a JavaScript float: integer minor units (bigint) in code, decimal strings on the wire.
 */
export * from './money/currencies';
export * from './money/decimal';
export * from './money/ratio';
export * from './money/exchange';
