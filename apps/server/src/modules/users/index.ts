/** The users module's face: the client's profile, sign-in answers and routes, and how a client is named. */
export { default as authRoutes } from './auth-routes';
export { clientDisplayName, clientNameOf } from './names';
export { assertNotOwnClient } from './operator-conflict';
export { default as passkeyRoutes } from './passkey-routes';
export { default as usersRoutes } from './routes';
export type { UsersTables } from './tables';

