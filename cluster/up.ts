// cluster:up: installs the Debian packages the cluster lacks, then starts etcd, HAProxy and the
// supervisor (which runs two Patroni agents, then two API processes); waits for a leader and its
// synchronous standby, makes the application's roles (the owner, the API's, and the exporters') and
// database, starts a postgres exporter per node and Prometheus, and once /api/health answers through
// HAProxy, the pgBackRest stanza that the leader archives WAL to and a first full backup; then prints
// the URLs. See docs/operations.md, "Cluster", "Monitoring" and "Backups and point-in-time recovery".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { waitForHealth } from '../scripts/server-process.mjs';
import {
  APP_DATABASE, APP_ROLE, CLUSTER_DIR, applicationRolePassword, applicationUrl, clusterMark, REPO_ROOT, STATE_FILE, choosePorts, frontUrl, isOurProcess, keptSecret, readState, secrets, writeJson, writeUrl,
  type ClusterState,
} from './config';
import { stopCluster } from './down';
import { ETCD_BINARY, etcdArgs, waitForEtcd } from './etcd';
import { HAPROXY_BINARY, haproxyConfig } from './haproxy';
import { startMonitoring } from './monitoring';
import { ensurePackages } from './packages';
import { hasLeaderAndSyncStandby, localRestApi, membersFromAny, preparePatroniNodes } from './patroni';
import { prepareBackups, preparePgbackrest } from './pgbackrest';
import { MONITOR_ROLE, monitorPassword } from './postgres-exporter';
import { prometheusUrl } from './prometheus';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a process that outlives this command, its output appended to `logFile`. */
function startDetached(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = { ...process.env, ...clusterMark(CLUSTER_DIR) }): ChildProcess {
  const output = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', output, output] });
    child.unref();
    return child;
  } finally {
    closeSync(output);
  }
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** The environment of the API processes: SMTP_URL, SEED_DEMO, APP_SECRET, the card keys and the previous secret and keys pass through. */
function apiEnvironment(state: Pick<ClusterState, 'dir' | 'ports'>): Record<string, string> {
  const signingKey = path.join(CLUSTER_DIR, 'secrets', 'statement-signing-key.pem');
  if (!process.env.STATEMENT_SIGNING_KEY && !existsSync(signingKey)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(signingKey, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const smtpUrl = process.env.SMTP_URL;
  const environment: Record<string, string> = {
    // Production demands a mail server; without SMTP_URL the API runs in development mode (on
    // loopback), whose mail goes to the outbox table.
    NODE_ENV: smtpUrl ? 'production' : 'development',
    HOST: '127.0.0.1',
    // The API runs as the application role; the owner only migrates (and grants the role its share).
    DATABASE_URL: applicationUrl(state),
    DATABASE_OWNER_URL: writeUrl(state),
    APP_URL: frontUrl(state),
    // The front is HAProxy's plain http on this machine; production otherwise demands https (docs/operations.md).
    ALLOW_HTTP_APP_URL: 'true',
    DATA_DIR: path.join(CLUSTER_DIR, 'api', 'data'),
    APP_SECRET: process.env.APP_SECRET || keptSecret('app-secret', () => randomBytes(32).toString('hex')),
    STATEMENT_SIGNING_KEY: process.env.STATEMENT_SIGNING_KEY || signingKey,
    CARD_DATA_KEY: process.env.CARD_DATA_KEY || keptSecret('card-data-key', () => randomBytes(32).toString('hex')),
    CARD_VERIFICATION_KEY: process.env.CARD_VERIFICATION_KEY || keptSecret('card-verification-key', () => randomBytes(32).toString('hex')),
    CARD_NETWORK_SECRET: process.env.CARD_NETWORK_SECRET || keptSecret('card-network-secret', () => randomBytes(32).toString('hex')),
    TRUST_PROXY: 'loopback',
    // Payments dated today run as soon as they are due, at whatever hour the cluster is started: the
    // failover drill's standing orders fall due during its steps.
    SCHEDULED_PAYMENTS_HOUR: '0',
  };
  if (smtpUrl) environment.SMTP_URL = smtpUrl;
  if (process.env.SEED_DEMO) environment.SEED_DEMO = process.env.SEED_DEMO;
  // A rotation (docs/operations.md, "Rotating keys") keeps what the previous secret and keys sealed and signed readable.
  for (const name of ['APP_SECRET_PREVIOUS', 'STATEMENT_SIGNING_KEYS_PREVIOUS', 'CARD_DATA_KEY_PREVIOUS'] as const) if (process.env[name]) environment[name] = process.env[name];
  if (process.env.LOG_LEVEL) environment.LOG_LEVEL = process.env.LOG_LEVEL;
  return environment;
}

/** Waits until `child` listens on every port (HAProxy binds them all at start, or exits). */
async function waitForListening(ports: number[], child: ChildProcess, logFile: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const accepts = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await Promise.all(ports.map(accepts))).every(Boolean)) return;
    await sleep(100);
  }
  throw new Error(`HAProxy is not listening on ${ports.join(', ')}:\n${tail(logFile)}`);
}

/** Waits for a leader and a synchronous standby, as every node's REST API reports them. */
async function waitForReplication(state: ClusterState, supervisor: ChildProcess, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    if (supervisor.exitCode !== null) throw new Error(`The supervisor exited:\n${tail(path.join(CLUSTER_DIR, 'supervisor.log'))}`);
    const members = await membersFromAny(state.ports.nodes.map((node) => localRestApi(node.restapi)));
    if (members.length > 0) seen = members.map((member) => `${member.name} ${member.role} ${member.state}`).join(', ');
    if (hasLeaderAndSyncStandby(members)) return;
    await sleep(500);
  }
  const logs = state.ports.nodes.map((node) => `${node.name}:\n${tail(path.join(state.dir, 'pg', node.name, 'patroni.log'))}`).join('\n');
  throw new Error(`No leader with a synchronous standby yet (${seen || 'no Patroni answers'}):\n${logs}`);
}

/**
 * The application's roles and database, made (or their passwords set again) through the write port:
 * the owner of the database, which migrates, and the role the API runs as, which owns nothing.
 */
async function provisionDatabase(state: ClusterState): Promise<void> {
  const { superuserPassword, appPassword } = secrets();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const admin = new pg.Client({ host: '127.0.0.1', port: state.ports.write, user: 'postgres', password: superuserPassword, database: 'postgres' });
    try {
      await admin.connect();
      for (const [name, secret] of [[APP_DATABASE, appPassword], [APP_ROLE, applicationRolePassword()], [MONITOR_ROLE, monitorPassword()]] as const) {
        const role = await admin.query('select 1 from pg_roles where rolname = $1', [name]);
        const password = `'${secret.replace(/'/g, "''")}'`;
        await admin.query(`${role.rowCount ? 'alter' : 'create'} role ${name} login password ${password}`);
      }
      await admin.query(`grant pg_monitor to ${MONITOR_ROLE}`);
      const database = await admin.query('select 1 from pg_database where datname = $1', [APP_DATABASE]);
      if (!database.rowCount) await admin.query(`create database ${APP_DATABASE} owner ${APP_DATABASE}`);
      return;
    } catch (error) {
      // HAProxy may not have marked the leader up yet.
      if (Date.now() > deadline) throw error;
      await sleep(500);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
}

async function up(): Promise<void> {
  const started = Date.now();
  ensurePackages(log);

  const previous = readState();
  if (previous && isOurProcess(previous.pids.supervisor, 'cluster/supervisor.ts')) {
    log(`The cluster is already running: ${frontUrl(previous)}`);
    return;
  }
  mkdirSync(CLUSTER_DIR, { recursive: true, mode: 0o755 });
  // The postgres user passes through it to its nodes' folders.
  chmodSync(CLUSTER_DIR, 0o755);
  for (const folder of ['etcd', 'haproxy', 'api', 'prometheus']) mkdirSync(path.join(CLUSTER_DIR, folder), { recursive: true });
  mkdirSync(path.join(CLUSTER_DIR, 'secrets'), { recursive: true, mode: 0o700 });

  const ports = await choosePorts(previous?.ports);
  const state: ClusterState = { dir: CLUSTER_DIR, ports, apiEnv: {}, pids: {} };
  state.apiEnv = apiEnvironment(state);
  writeJson(STATE_FILE, state);

  buildIfStale({ quiet: true });

  try {
    const etcd = startDetached(ETCD_BINARY, etcdArgs(CLUSTER_DIR, ports), path.join(CLUSTER_DIR, 'etcd', 'etcd.log'));
    state.pids.etcd = etcd.pid;
    writeJson(STATE_FILE, state);
    await waitForEtcd(ports, () => etcd.exitCode === null);

    preparePgbackrest(CLUSTER_DIR);
    preparePatroniNodes(CLUSTER_DIR, ports, secrets());
    const haproxyFile = path.join(CLUSTER_DIR, 'haproxy', 'haproxy.cfg');
    writeFileSync(haproxyFile, haproxyConfig(ports));
    const check = spawnSync(HAPROXY_BINARY, ['-c', '-q', '-f', haproxyFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`HAProxy refuses its configuration:\n${check.stderr || check.stdout}`);
    const haproxy = startDetached(HAPROXY_BINARY, ['-db', '-f', haproxyFile], path.join(CLUSTER_DIR, 'haproxy', 'haproxy.log'));
    state.pids.haproxy = haproxy.pid;
    writeJson(STATE_FILE, state);
    await waitForListening([ports.write, ports.read, ports.http], haproxy, path.join(CLUSTER_DIR, 'haproxy', 'haproxy.log'));

    const supervisor = startDetached(process.execPath, ['--import', 'tsx', 'cluster/supervisor.ts'], path.join(CLUSTER_DIR, 'supervisor.log'));
    state.pids.supervisor = supervisor.pid;
    writeJson(STATE_FILE, state);
    log('Waiting for the PostgreSQL leader and its synchronous standby …');
    await waitForReplication(state, supervisor);
    await provisionDatabase(state);
    await startMonitoring(state, startDetached);

    supervisor.kill('SIGUSR2');
    const apiLogs = () => ports.api.map((_, index) => tail(path.join(CLUSTER_DIR, 'api', `api${index + 1}.log`))).join('\n');
    // Every API process, the second started once the first answers; then the front.
    for (const port of ports.api) await waitForHealth(`http://127.0.0.1:${port}`, supervisor, apiLogs, { timeoutMs: 120_000 });
    await waitForHealth(frontUrl(state), supervisor, apiLogs, { timeoutMs: 30_000 });
    await prepareBackups(state, log);
  } catch (error) {
    log('The cluster did not come up; stopping what started.');
    await stopCluster(log).catch((stopError: unknown) => log(String(stopError)));
    throw error;
  }
  log(`Cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${frontUrl(state)}`);
  log(`  writes: postgres://…@127.0.0.1:${ports.write}/${APP_DATABASE}   reads: postgres://…@127.0.0.1:${ports.read}/${APP_DATABASE}`);
  log(`  Prometheus: ${prometheusUrl(ports)} (alerts: ${prometheusUrl(ports)}/alerts)`);
  log('  npm run cluster:status · npm run cluster:down');
}

up().catch((error: unknown) => {
  process.stderr.write(`cluster:up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
