import { loadConfigOrReport } from './config';
import { createRuntime } from './runtime';
import { DEMO_CREDENTIALS } from './seed';

/** Starts the server: config, database, migrations, demo seed, then listen on PORT. */
async function main(): Promise<void> {
  const config = loadConfigOrReport();
  if (!config) process.exit(1);

  const runtime = await createRuntime(config);
  const { app } = runtime;

  // SIGTERM: stop accepting, let requests in flight finish, close the database, exit 0. Installed
  // before listening, so a signal that arrives as soon as the port opens is handled too.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const metricsPort = await runtime.listenForMetrics();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `  Bank is running at http://localhost:${port}`,
    `  Database: ${runtime.deps.databaseKind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  Mail goes to ${runtime.deps.mailer.describe()}`,
  ];
  if (metricsPort !== null) lines.push(`  Metrics: http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${metricsPort}/metrics`);
  if (config.seedDemo) {
    lines.push('  Demo sign-ins:');
    for (const credential of DEMO_CREDENTIALS) {
      lines.push(`    ${credential.role.padEnd(20)} ${credential.email} / ${credential.password}${credential.where ? `  (${credential.where})` : ''}`);
    }
    if (runtime.seeded?.created) lines.push('  Demo data was seeded into the empty database.');
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
