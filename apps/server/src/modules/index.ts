import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts/routes';
import authRoutes from './auth/routes';
import passkeyRoutes from './auth/passkey-routes';
import approvalRoutes from './backoffice/approval-routes';
import backofficeRoutes from './backoffice/routes';
import contactRoutes from './contact/routes';
import depositBackofficeRoutes from './deposits/backoffice-routes';
import depositRoutes from './deposits/routes';
import walletRoutes from './crypto/routes';
import exchangeRoutes from './exchange/routes';
import healthRoutes from './health/routes';
import kycRoutes from './kyc/routes';
import rateRoutes from './rates/routes';
import standingOrderRoutes from './standing-orders/routes';
import statementRoutes from './statement/routes';
import transferRoutes from './transfers/routes';
import usersRoutes from './users/routes';

/**
 * Every API module, registered under /api in this order. A module is a Fastify plugin owning its
 * routes; it reaches shared services through `app.deps`.
 */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [healthRoutes, contactRoutes, authRoutes, passkeyRoutes, usersRoutes, kycRoutes,
  accountRoutes, transferRoutes, standingOrderRoutes, depositRoutes, exchangeRoutes, rateRoutes, statementRoutes, walletRoutes, backofficeRoutes, approvalRoutes,
  depositBackofficeRoutes];
