// The drill's target on separate machines, described by the environment (README, "The same on
// separate machines"): DRILL_URL (the API as clients reach it), DRILL_WRITE_URL and DRILL_READ_URL
// (HAProxy's PostgreSQL ports, as the application's user), DRILL_APP_SECRET (the API's APP_SECRET),
// DRILL_PATRONI_URLS (each node's Patroni REST API, comma-separated), DRILL_API_URLS (each API
// process, optional), and the faults as shell commands run on this machine, usually through ssh:
// DRILL_KILL_POSTMASTER, DRILL_KILL_NODE, DRILL_REVIVE_NODE (with {node} and {host} replaced by the
// node's Patroni name and PostgreSQL host) and DRILL_KILL_API.
import { spawn } from 'node:child_process';
import type { DrillTarget } from './target';

const REQUIRED = ['DRILL_URL', 'DRILL_WRITE_URL', 'DRILL_READ_URL', 'DRILL_APP_SECRET', 'DRILL_PATRONI_URLS', 'DRILL_KILL_POSTMASTER', 'DRILL_KILL_NODE', 'DRILL_REVIVE_NODE', 'DRILL_KILL_API'] as const;

/** Whether the environment points the drill at a cluster elsewhere. */
export const isRemote = (env: NodeJS.ProcessEnv) => Boolean(env.DRILL_URL);

const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim().replace(/\/+$/, '')).filter(Boolean);

/**
 * A command template with {node} and {host} replaced, each value quoted for this machine's shell
 * (write the placeholders outside quotes of your own; ssh hands the unquoted words on). A value the
 * template needs must not be empty.
 */
export function fillCommand(template: string, values: Record<string, string>): string {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  return template.replace(/\{(node|host)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${template}: no ${name} to put in it`);
    return quote(value);
  });
}

/** Runs a shell command; rejects with its output when it fails or outlasts `timeoutMs` (then its whole process group is killed, ssh included). */
export function runCommand(command: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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

export function remoteTarget(env: NodeJS.ProcessEnv, run: (command: string) => Promise<void> = runCommand): DrillTarget {
  const missing = REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`DRILL_URL is set, so the drill acts on a cluster elsewhere; it also needs ${missing.join(', ')}`);
  const down = new Map<string, string>();
  const node = (template: string) => async (name: string, host: string) => run(fillCommand(template, { node: name, host }));
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
