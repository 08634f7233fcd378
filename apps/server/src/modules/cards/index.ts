/** The cards module's face: issuing debit cards, keeping their data as issuers do, and the holder's controls; and the card network's authorisations, clearings, reversals and refunds. */
export { issueDemoCard } from './issuing';
export { advanceCardProduction, blockCardByBank, blockCardsOfClosedClient, clientCardsForOperators } from './operator-acts';
export { default as cardRoutes } from './routes';
export { default as cardNetworkRoutes } from './network-routes';
export { EXPIRE_AUTHORIZATIONS, expireAuthorizations, expireAuthorizationsJob } from './authorization-expiry';
export type { CardTables } from './tables';
/** Opens a sealed number: the reveal's, and the end-to-end check that no full number shows anywhere else (e2e/support/card-numbers.ts). */
export { openPan } from './card-data';
