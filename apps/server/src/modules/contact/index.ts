/** The contact module's face: the public contact form. */
export { CONTACT_RATE_LIMIT, default as contactRoutes } from './routes';
export { countUnhandledMessages, listContactMessages, markMessageHandled } from './service';
export type { ContactTables } from './tables';

