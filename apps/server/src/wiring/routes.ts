import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../modules/accounts';
import { authRoutes, passkeyRoutes, usersRoutes } from '../modules/users';
import { approvalRoutes, backofficeRoutes, scheduleRoutes, depositBackofficeRoutes } from '../modules/backoffice';
import { cardNetworkRoutes, cardRoutes } from '../modules/cards';
import { closureRoutes } from '../modules/closures';
import { contactRoutes } from '../modules/contact';
import { depositRoutes } from '../modules/deposits';
import { walletRoutes } from '../modules/crypto';
import { exchangeRoutes } from '../modules/exchange';
import { healthRoutes } from '../modules/health';
import { kycRoutes } from '../modules/kyc';
import { rateRoutes } from '../modules/rates';
import { standingOrderRoutes } from '../modules/standing-orders';
import { statementRoutes } from '../modules/statement';
import { transferRoutes } from '../modules/transfers';

/**
 * Every API module, registered under /api in this order. A module is a Fastify plugin owning its
 * routes; it reaches shared services through `app.deps`.
 */
export const apiModules: Array<(app: FastifyInstance) => Promise<void>> = [healthRoutes, contactRoutes, authRoutes, passkeyRoutes, usersRoutes, kycRoutes,
  accountRoutes, transferRoutes, standingOrderRoutes, depositRoutes, exchangeRoutes, rateRoutes, statementRoutes, walletRoutes, cardRoutes, cardNetworkRoutes, closureRoutes, backofficeRoutes,
  approvalRoutes, depositBackofficeRoutes, scheduleRoutes];
