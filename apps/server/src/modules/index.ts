import type { FastifyInstance } from 'fastify';
import contactRoutes from './contact/routes';
import healthRoutes from './health/routes';

/**
 * Every API module, registered under /api in this order. A module is a Fastify plugin owning its
 * routes; it reaches shared services through `app.deps`.
 */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [healthRoutes, contactRoutes];
