/** The cards module's face: issuing debit cards, keeping their data as issuers do, and the holder's controls. */
export { default as cardRoutes } from './routes';
export type { CardTables } from './tables';
