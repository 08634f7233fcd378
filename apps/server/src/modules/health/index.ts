/** The health module's face: the liveness and readiness routes. */
export { default as healthRoutes } from './routes';
