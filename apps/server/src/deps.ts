import type { Config } from './config';
import type { Db } from './db';
import type { BackgroundWork } from './lib/background';
import type { Mailer } from './lib/mailer';

/**
 * What every module reaches through `app.deps`: configuration, the database and the mailer. It
 * lives apart from app.ts so that modules depend on it and app.ts on the modules, never round.
 */
export interface AppDeps {
  // The modules below the products add their own parts by declaration merging, so this file names
  // no module: the bank's time (jobs/clock.ts), the group commit (ledger/group-commit.ts), the
  // metrics (metrics/instruments.ts) and the wallets' keys (crypto/derivation.ts).
  config: Config;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  mailer: Mailer;
}

import type { WebPages } from './lib/web-pages';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Work started by requests that answer before it ends. */
    background: BackgroundWork;
    /** Present when the built web app is served: the page to send for a client-side route. */
    webPages?: WebPages;
  }
}
