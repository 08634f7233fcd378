import type { Config } from './config';
import type { Db } from './db';
import type { BackgroundWork } from './lib/background';
import type { DerivationKeys } from './modules/crypto/derivation';
import type { GroupCommit } from './modules/ledger/group-commit';
import type { BankClock } from './modules/jobs/clock';
import type { Mailer } from './modules/mail/mailer';
import type { BankMetrics } from './modules/metrics/instruments';

/**
 * What every module reaches through `app.deps`: configuration, the database and the mailer. It
 * lives apart from app.ts so that modules depend on it and app.ts on the modules, never round.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  mailer: Mailer;
  /** Keys of the wallets' deposit addresses; null when none are configured (production), and wallets cannot be opened. */
  cryptoKeys: DerivationKeys | null;
  /** The bank's time: what requests and jobs take "now" and "today" from (tests set it). */
  clock: BankClock;
  /**
   * This app's metrics (modules/metrics), which the requests, the group commit and the sign-ins
   * report to; absent, nothing is measured (tools that build an app by hand).
   */
  metrics?: BankMetrics;
}

import type { WebPages } from './lib/web-pages';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The group commit every money-moving request writes through (modules/ledger/group-commit.ts). */
    money: GroupCommit;
    /** Work started by requests that answer before it ends. */
    background: BackgroundWork;
    /** Present when the built web app is served: the page to send for a client-side route. */
    webPages?: WebPages;
  }
}
