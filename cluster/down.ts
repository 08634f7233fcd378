// cluster:down: stops what cluster:up started and nothing else — the supervisor (which stops the API
// processes and the Patroni agents, each agent its PostgreSQL), then Prometheus, the exporters,
// HAProxy and etcd, and the copies `npm run restore` made — and ends any of them still running
// afterwards. Only pids in the state files count, and only while their command line is still that
// of the process recorded (a recycled pid is someone else's).
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CLUSTER_DIR, CLUSTER_MARK, isOurProcess, readState, readSupervisor, writeJson, STATE_FILE } from './config';
import { monitoringProcesses } from './monitoring';
import { nodeDataDir, postmasterPid } from './patroni';
import { stopRestores } from './restores';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tracked {
  what: string;
  pid: number | null | undefined;
  expected: string;
}

async function waitGone(processes: Tracked[], timeoutMs: number): Promise<Tracked[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = processes.filter((entry) => isOurProcess(entry.pid, entry.expected));
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await sleep(100);
  }
}

function signal(entry: Tracked, name: NodeJS.Signals): void {
  if (!isOurProcess(entry.pid, entry.expected)) return;
  try {
    process.kill(entry.pid!, name);
  } catch {
    // gone meanwhile
  }
}

/** The pids of this process and those above it (a drill whose --report lies in the folder names it too). */
function ancestors(): Set<number> {
  const found = new Set<number>();
  for (let pid = process.pid; pid > 1 && !found.has(pid); ) {
    found.add(pid);
    try {
      pid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      break;
    }
  }
  return found;
}

/**
 * Processes still running that cluster:up started in `dir`, or that they started: those carrying its
 * mark (CLUSTER_MARK) in their environment, or the folder in their command line (etcd's data,
 * HAProxy's and Patroni's configuration, PostgreSQL's data). Other processes are never counted,
 * whatever their environment says (a drill run with CLUSTER_DIR, and the esbuild service its tsx
 * started, name the folder too).
 */
export function processesOf(dir: string): { pid: number; command: string }[] {
  const skip = ancestors();
  const mark = `\0${CLUSTER_MARK}=${dir}\0`;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || skip.has(pid)) continue;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // A zombie has no command line: it has ended, only its parent has not reaped it yet.
      if (argv.length === 0) continue;
      let environment = '';
      try {
        environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
      } catch {
        // Another user's process, unreadable without root: its command line decides.
      }
      const named = argv.some((arg) => arg === dir || arg.includes(`${dir}/`));
      if (named || `\0${environment}`.includes(mark)) found.push({ pid, command: argv.join(' ') });
    } catch {
      // Ended while we looked.
    }
  }
  return found;
}

/** Stops the cluster; answers how many processes had to be killed. */
export async function stopCluster(log: (line: string) => void): Promise<number> {
  const state = readState();
  if (!state) {
    log(`No cluster state in ${CLUSTER_DIR}: nothing to stop.`);
    return 0;
  }
  const supervisor: Tracked = { what: 'supervisor', pid: state.pids.supervisor, expected: 'cluster/supervisor.ts' };
  const children = (): Tracked[] => {
    const recorded = readSupervisor();
    return [
      ...Object.entries(recorded?.agents ?? {}).map(([name, pid]) => ({ what: `Patroni ${name}`, pid, expected: 'patroni' })),
      ...(recorded?.api ?? []).map((api, index) => ({ what: `API ${index + 1}`, pid: api.pid, expected: 'apps/server/dist/main.js' })),
      ...state.ports.nodes.map((node) => ({ what: `PostgreSQL ${node.name}`, pid: postmasterPid(state.dir, node.name), expected: nodeDataDir(state.dir, node.name) })),
    ];
  };
  const before = children();

  signal(supervisor, 'SIGTERM');
  let left = await waitGone([supervisor], 70_000);
  for (const entry of left) signal(entry, 'SIGKILL');

  const daemons: Tracked[] = [
    ...monitoringProcesses(state),
    { what: 'HAProxy', pid: state.pids.haproxy, expected: 'haproxy' },
    { what: 'etcd', pid: state.pids.etcd, expected: 'etcd' },
  ];
  // The agents stop before etcd does, so they release their leader lock.
  const stragglers = [...before, ...children()];
  for (const entry of stragglers) signal(entry, entry.what.startsWith('PostgreSQL') ? 'SIGINT' : 'SIGTERM');
  left = await waitGone(stragglers, 20_000);
  for (const entry of daemons) signal(entry, 'SIGTERM');
  left = [...left, ...(await waitGone(daemons, 10_000))];
  for (const entry of left) {
    log(`${entry.what} (pid ${entry.pid}) did not stop: killed`);
    signal(entry, entry.what.startsWith('PostgreSQL') ? 'SIGQUIT' : 'SIGKILL');
  }
  const remaining = await waitGone([supervisor, ...daemons, ...stragglers], 10_000);
  for (const entry of remaining) signal(entry, 'SIGKILL');
  await stopRestores(state.dir, log);
  writeJson(STATE_FILE, { ...state, pids: {} });
  // Nothing that names the folder may be left (a backend whose postmaster died goes on its own soon after).
  const deadline = Date.now() + 10_000;
  let behind = processesOf(state.dir);
  while (behind.length > 0 && Date.now() < deadline) {
    await sleep(200);
    behind = processesOf(state.dir);
  }
  if (behind.length > 0) throw new Error(`left behind: ${behind.map((entry) => `${entry.pid} ${entry.command.slice(0, 120)}`).join('; ')}`);
  return left.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  stopCluster(log)
    .then(() => log('Cluster stopped.'))
    .catch((error: unknown) => {
      process.stderr.write(`cluster:down failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
