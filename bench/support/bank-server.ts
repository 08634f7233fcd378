import { randomBytes } from 'node:crypto';
// The bank's server for bench:api as production runs it: the production build (`npm start`'s node
// flags) in a process of its own, NODE_ENV=production, the application role on the database and
// the owner for migrations, logging at info into /dev/null, GET /metrics on a port of its own.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, freePort, waitForHealth } from '../../scripts/server-process.mjs';

export interface BankServer {
  url: string;
  pid: number;
  /** The server's metrics now (Prometheus text). */
  scrape(): Promise<string>;
  /** SIGTERM, as a supervisor stops it; resolves once the process has exited (and written its profile). */
  stop(): Promise<void>;
  /** The card keys it runs with (CARD_DATA_KEY, CARD_VERIFICATION_KEY, CARD_NETWORK_SECRET), for bench:cards to read numbers and sign as the network. */
  cards: { dataKey: string; verificationKey: string; networkSecret: string };
}

export interface BankServerOptions {
  /** DATABASE_URL: the role the server runs as. */
  databaseUrl: string;
  /** DATABASE_OWNER_URL: the tables' owner, for migrations. */
  ownerUrl: string;
  /** APP_SECRET: the bench signs its clients' sessions with it too. */
  secret: string;
  /** With a folder: `--cpu-prof` into it, written when the process exits. */
  profileDir?: string | undefined;
  /** Settings of a bench's own, over the defaults below (bench:mail mails a sink and works the jobs). */
  env?: Record<string, string>;
}

export async function startBankServer(options: BankServerOptions): Promise<BankServer> {
  const port = await freePort();
  const metricsPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const profiling = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATABASE_OWNER_URL: options.ownerUrl,
    APP_SECRET: options.secret,
    APP_SECRET_PREVIOUS: '',
    STATEMENT_SIGNING_KEY: signingKey,
    CARD_DATA_KEY: randomBytes(32).toString('hex'),
    CARD_VERIFICATION_KEY: randomBytes(32).toString('hex'),
    CARD_NETWORK_SECRET: randomBytes(32).toString('hex'),
    // Nothing listens there and nothing is sent: mail is delivered by the jobs, which run elsewhere.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    APP_URL: url,
    ALLOW_HTTP_APP_URL: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    METRICS_PORT: String(metricsPort),
    // This node serves the API only, as a second node of a deployment does: the jobs' schedules
    // (the ledger check every five minutes, the rates every half hour) would land at random in a run.
    JOBS_ENABLED: 'false',
    TRUST_PROXY: '',
    ...options.env,
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profiling, SERVER_ENTRY], {
    env,
    // The log lines go to /dev/null, as a production log shipper would take them: written, not read.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForHealth(url, child, () => output, { timeoutMs: 120_000 });
  return {
    url,
    pid: child.pid!,
    cards: { dataKey: env.CARD_DATA_KEY!, verificationKey: env.CARD_VERIFICATION_KEY!, networkSecret: env.CARD_NETWORK_SECRET! },
    async scrape() {
      const answer = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
      return answer.text();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (child.exitCode !== 0) throw new Error(`The server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    },
  };
}

/** The sum of a metric's samples (all label sets) in Prometheus's text format; 0 when absent. */
export function metricValue(text: string, name: string): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}
