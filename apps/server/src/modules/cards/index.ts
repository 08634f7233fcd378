/** The cards module's face: issuing debit cards, keeping their data as issuers do, and the holder's controls. */
export { advanceCardProduction, blockCardByBank, clientCardsForOperators } from './operator-acts';
export { default as cardRoutes } from './routes';
export type { CardTables } from './tables';
