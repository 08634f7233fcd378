/** The closures module's face: closing a client who breaches the bank's policy, and the payout of what remains. */
export { clientClosureApproval, clientClosurePayloadOf } from './closure-approval';
export { default as closureRoutes } from './routes';
export { closureForOperators } from './status';
export type { ClosureTables } from './tables';
