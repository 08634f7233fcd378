// The drill's target on separate machines, described by the environment (docs/reliability.md, "The
// failover drill on separate machines"): DRILL_URL (the API as clients reach it), DRILL_WRITE_URL and DRILL_READ_URL
// (HAProxy's PostgreSQL ports, as the application's user), DRILL_APP_SECRET (the API's APP_SECRET),
// DRILL_PATRONI_URLS (each node's Patroni REST API, comma-separated), DRILL_API_URLS (each API
// process, optional), and the faults as shell commands run on this machine, usually through ssh:
// DRILL_KILL_POSTMASTER, DRILL_KILL_NODE, DRILL_REVIVE_NODE (which read the node's Patroni name and
// PostgreSQL host from $DRILL_NODE and $DRILL_HOST) and DRILL_KILL_API.
import { spawn } from 'node:child_process';
import type { DrillTarget } from './target';

const REQUIRED = ['DRILL_URL', 'DRILL_WRITE_URL', 'DRILL_READ_URL', 'DRILL_APP_SECRET', 'DRILL_PATRONI_URLS', 'DRILL_KILL_POSTMASTER', 'DRILL_KILL_NODE', 'DRILL_REVIVE_NODE', 'DRILL_KILL_API'] as const;

/** Whether the environment points the drill at a cluster elsewhere. */
export const isRemote = (env: NodeJS.ProcessEnv) => Boolean(env.DRILL_URL);

const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim().replace(/\/+$/, '')).filter(Boolean);

// The node's name and host come from Patroni's /cluster answer, which anyone on its network can
// forge. Quoting them for this machine's shell is not enough: ssh joins its arguments into a line
// that the remote shell parses again, as root. So they never enter the command's text (they reach
// it as $DRILL_NODE and $DRILL_HOST), and only values that no shell splits or expands are accepted,
// none starting with '-' (which ssh or the command would take for an option).
const NODE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}$/;
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOSTNAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`); // also an IPv4 address
const IPV6 = /^(?=.*:)[0-9A-Fa-f:.]{2,45}$/;

/** Templates written for the former {node}/{host} substitution: refused rather than run with the braces as text. */
const PLACEHOLDER = /\{(node|host)\}/;

/**
 * The environment a node's fault command gets: DRILL_NODE and DRILL_HOST, once each is checked.
 * An empty host is allowed (Patroni may not report one) unless the command reads $DRILL_HOST.
 */
export function faultValues(command: string, node: string, host: string): { DRILL_NODE: string; DRILL_HOST: string } {
  if (!NODE_NAME.test(node)) throw new Error(`refusing node name ${JSON.stringify(node)} from Patroni: a node name is 1 to 63 letters, digits, '_', '.' or '-', not starting with '-' or '.'`);
  if (host === '' ? /DRILL_HOST/.test(command) : !HOSTNAME.test(host) && !IPV6.test(host)) {
    throw new Error(host === '' ? `${command}: Patroni gave no host for node ${node}` : `refusing host ${JSON.stringify(host)} of node ${node} from Patroni: not a host name or IP address`);
  }
  return { DRILL_NODE: node, DRILL_HOST: host };
}

/**
 * Runs a shell command, with `values` added to its environment; rejects with its output when it
 * fails or outlasts `timeoutMs` (then its whole process group is killed, ssh included).
 */
export function runCommand(command: string, timeoutMs = 60_000, values: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, ...values } });
    let output = '';
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4_000)));
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4_000)));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close' comes once the output is read to its end.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command}: ${signal ?? `exit ${code}`}${output ? `\n${output.trimEnd()}` : ''}`));
    });
  });
}

export type RunCommand = (command: string, values?: Record<string, string>) => Promise<void>;

export function remoteTarget(env: NodeJS.ProcessEnv, run: RunCommand = (command, values) => runCommand(command, undefined, values)): DrillTarget {
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`DRILL_URL is set, so the drill acts on a cluster elsewhere; it also needs ${missing.join(', ')}`);
  const stale = (['DRILL_KILL_POSTMASTER', 'DRILL_KILL_NODE', 'DRILL_REVIVE_NODE'] as const).filter((name) => PLACEHOLDER.test(env[name]!));
  if (stale.length > 0) throw new Error(`${stale.join(', ')}: {node} and {host} are no longer replaced; read "$DRILL_NODE" and "$DRILL_HOST" instead`);
  const down = new Map<string, string>();
  const node = (command: string) => async (name: string, host: string) => run(command, faultValues(command, name, host));
  return {
    description: `the cluster behind ${env.DRILL_URL}`,
    url: env.DRILL_URL!.replace(/\/+$/, ''),
    apiUrls: list(env.DRILL_API_URLS),
    writeUrl: env.DRILL_WRITE_URL!,
    readUrl: env.DRILL_READ_URL!,
    secret: env.DRILL_APP_SECRET!,
    patroni: list(env.DRILL_PATRONI_URLS),
    killPostmaster: node(env.DRILL_KILL_POSTMASTER!),
    async killNode(name, host) {
      // Checked before it is remembered, so release never retries a refused name.
      faultValues(env.DRILL_KILL_NODE!, name, host);
      down.set(name, host);
      await node(env.DRILL_KILL_NODE!)(name, host);
    },
    async reviveNode(name, host) {
      down.delete(name);
      await node(env.DRILL_REVIVE_NODE!)(name, host);
    },
    killApi: () => run(env.DRILL_KILL_API!),
    async release() {
      for (const [name, host] of [...down]) {
        await this.reviveNode(name, host).catch((error: unknown) => process.stderr.write(`drill: reviving ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`));
      }
    },
  };
}
