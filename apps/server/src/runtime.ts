import pino from 'pino';
import { buildApp, loggerOptions, type AppDeps } from './app';
import type { Config } from './config';
import { openDatabase } from './db';
import { mayRewriteHistory, migrateAndGrant } from './db/roles';
import { resolveDerivationKeys } from './modules/crypto';
import { systemClock, JobQueue } from './modules/jobs';
import { JOB_DEFINITIONS } from './wiring/jobs';
import { createConsoleMailer, createSmtpMailer } from './lib/mailer';
import { BankMetrics, listenForMetrics, type MetricsListener } from './modules/metrics';
import { seedDemoData, type SeedSummary } from './seed';

export interface Runtime {
  deps: AppDeps;
  app: Awaited<ReturnType<typeof buildApp>>;
  seeded: SeedSummary | null;
  /**
   * Opens GET /metrics on METRICS_PORT, on METRICS_HOST (beside app.listen, main.ts); answers its
   * port, or null when METRICS_PORT is unset. close() closes it.
   */
  listenForMetrics(): Promise<number | null>;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty development database and builds the app. */
export async function createRuntime(
  config: Config,
  options: { webDist?: string | null; print?: (text: string) => void; onWarning?: (message: string) => void } = {},
): Promise<Runtime> {
  const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => {
      const message = 'the database closed a pooled connection; the next query opens a new one';
      logger.warn({ err: error }, message);
      options.onWarning?.(message);
    },
  });
  await migrateAndGrant(database.db, config.databaseOwnerUrl);
  if (config.env === 'production' && database.kind === 'postgres' && (await mayRewriteHistory(database.db))) {
    await database.close();
    throw new Error(
      "the server's database role owns the tables or may UPDATE audit_log; in production it runs as an application role, with DATABASE_OWNER_URL for migrations (docs/operations.md, Database roles)",
    );
  }
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createConsoleMailer(logger, print);
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    mailer,
    cryptoKeys: await resolveDerivationKeys(config),
    clock: systemClock(config.time.zone),
    metrics: new BankMetrics(database, { processMetrics: true }),
  };
  const seeded = config.seedDemo ? await seedDemoData(deps) : null;
  const app = await buildApp(deps, { logger: loggerOptions(config.logLevel), webDist: options.webDist });
  const jobs = new JobQueue({ db: deps.db, config, clock: deps.clock, mailer, log: logger }, JOB_DEFINITIONS);
  if (config.time.jobsEnabled) await jobs.start();
  let metricsListener: MetricsListener | undefined;
  return {
    deps,
    app,
    seeded,
    async listenForMetrics() {
      if (config.metricsPort === undefined || !deps.metrics || metricsListener) return metricsListener?.port ?? null;
      metricsListener = await listenForMetrics(deps.metrics, {
        host: config.metricsHost,
        port: config.metricsPort,
        onError: (error) => logger.error({ err: error }, 'metrics: the scrape failed'),
      });
      return metricsListener.port;
    },
    async close() {
      await metricsListener?.close();
      await jobs.stop();
      await app.close();
      mailer.close();
      await database.close();
    },
  };
}
