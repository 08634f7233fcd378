// The cluster's supervisor, as systemd would be on a real host: a detached process that runs the
// Patroni agents (as the postgres user) and, once cluster:up has made the database (SIGUSR2), the API
// processes, one after the other. Whatever of them exits is started again (after 1 s, longer
// when it keeps failing at start). It records their pids in supervisor.json; on SIGTERM it stops
// the API processes, then the agents (each stops its PostgreSQL), and exits. It also serves the
// backup facts for Prometheus on 127.0.0.1:<ports.backupMetrics>/metrics (cluster/backup-metrics.ts).
//
// Holding one back: while the file CLUSTER_DIR/hold/<name> exists (name: pg1, pg2, api1, api2),
// what exits under that name is not started again — as when its machine is down — until the file
// is removed (checked every 200 ms). The failover drill uses it to keep a killed node down.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-process.mjs';
import { serveBackupMetrics } from './backup-metrics';
import { REPO_ROOT, SUPERVISOR_FILE, clusterMark, readState, writeJson, type SupervisorState } from './config';
import { PATRONI_BINARY, nodeConfigFile, nodeDir, nodeLogFile, postgresUser } from './patroni';

const state = readState();
if (!state) throw new Error('No state.json: the supervisor is started by cluster:up');
const { dir, ports } = state;
const user = postgresUser();

interface Supervised {
  name: string;
  start: () => ChildProcess;
  child: ChildProcess | null;
  startedAt: number;
  delayMs: number;
  timer: NodeJS.Timeout | null;
}

let stopping = false;
const supervised: Supervised[] = [];

function log(line: string): void {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
}

function record(): void {
  const pidOf = (name: string) => supervised.find((entry) => entry.name === name)?.child?.pid ?? null;
  const snapshot: SupervisorState = {
    pid: process.pid,
    agents: Object.fromEntries(ports.nodes.map((node) => [node.name, pidOf(node.name)])),
    api: ports.api.map((port, index) => ({ port, pid: pidOf(`api${index + 1}`) })),
  };
  writeJson(SUPERVISOR_FILE, snapshot);
}

/** Spawns a process with its output appended to `logFile`. */
function spawnLogged(command: string, args: string[], logFile: string, options: { env: NodeJS.ProcessEnv; cwd: string; uid?: number; gid?: number }): ChildProcess {
  const output = openSync(logFile, 'a');
  try {
    return spawn(command, args, { ...options, stdio: ['ignore', output, output] });
  } finally {
    closeSync(output);
  }
}

const held = (name: string) => existsSync(path.join(dir, 'hold', name));

function launch(entry: Supervised): void {
  entry.timer = null;
  if (stopping) return;
  if (held(entry.name)) {
    entry.timer = setTimeout(() => launch(entry), 200);
    return;
  }
  const child = entry.start();
  entry.child = child;
  entry.startedAt = Date.now();
  log(`${entry.name} started (pid ${child.pid})`);
  record();
  child.on('error', (error) => log(`${entry.name}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (entry.child === child) entry.child = null;
    record();
    if (stopping) return;
    // One that ran a while is restarted at once; one that keeps failing at start, less and less often.
    entry.delayMs = Date.now() - entry.startedAt > 30_000 ? 1_000 : Math.min(entry.delayMs * 2, 16_000);
    log(`${entry.name} exited (${signal ?? `code ${code}`}); ${held(entry.name) ? 'held until its hold file is removed, then restarting' : 'restarting'} in ${entry.delayMs / 1000} s`);
    entry.timer = setTimeout(() => launch(entry), entry.delayMs);
  });
}

function supervise(name: string, start: () => ChildProcess): Supervised {
  const entry: Supervised = { name, start, child: null, startedAt: 0, delayMs: 500, timer: null };
  supervised.push(entry);
  launch(entry);
  return entry;
}

for (const node of ports.nodes) {
  supervise(node.name, () =>
    spawnLogged(PATRONI_BINARY, [nodeConfigFile(dir, node.name)], nodeLogFile(dir, node.name), {
      cwd: nodeDir(dir, node.name),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: nodeDir(dir, node.name), LANG: 'C.UTF-8', ...clusterMark(dir) },
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    }),
  );
}

async function healthy(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

let apiStarted = false;
/** The API processes, the second once the first answers: they do not migrate and seed at once. */
async function startApi(): Promise<void> {
  if (apiStarted || stopping) return;
  apiStarted = true;
  for (const [index, port] of ports.api.entries()) {
    supervise(`api${index + 1}`, () =>
      spawnLogged(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], path.join(dir, 'api', `api${index + 1}.log`), {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...state!.apiEnv, PORT: String(port), METRICS_PORT: String(ports.metrics[index]), ...clusterMark(dir) },
      }),
    );
    await healthy(port, 120_000);
  }
}

process.on('SIGUSR2', () => void startApi());
process.on('SIGHUP', () => undefined);

process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  log('stopping');
  for (const entry of supervised) if (entry.timer) clearTimeout(entry.timer);
  const alive = () => supervised.filter((entry) => entry.child && entry.child.exitCode === null && entry.child.signalCode === null);
  const stopGroup = async (prefix: string, waitMs: number) => {
    const group = alive().filter((entry) => entry.name.startsWith(prefix));
    for (const entry of group) entry.child!.kill('SIGTERM');
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline && group.some((entry) => entry.child)) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const entry of group) entry.child?.kill('SIGKILL');
  };
  void (async () => {
    await stopGroup('api', 20_000);
    await stopGroup('pg', 40_000);
    record();
    log('stopped');
    process.exit(0);
  })();
});

if (ports.backupMetrics) serveBackupMetrics(state, ports.backupMetrics, log);
record();
log(`supervisor running (pid ${process.pid})`);
