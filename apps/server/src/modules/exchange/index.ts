/** The exchange module's face: currency exchange between a client's own accounts. */
export { confirmedQuote, priceConfirmedExchange } from './quote';
export { default as exchangeRoutes } from './routes';
export { createExchange } from './service';
