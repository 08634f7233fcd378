// The drill's target on this machine: the cluster of `npm run cluster:up`. A node's death is its
// Patroni agent held back by the supervisor (CLUSTER_DIR/hold/<name>) while agent and postmaster
// are SIGKILLed together; its revival is the hold file removed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, frontUrl, isOurProcess, readState, readSupervisor, readUrl, writeUrl, type ClusterState } from '../cluster/config';
import { monitoringProblems } from '../cluster/monitoring';
import { localRestApi, postmasterPid } from '../cluster/patroni';
import type { DrillTarget } from './target';

/** Whether the cluster of CLUSTER_DIR runs (its supervisor does). */
export function clusterRunning(): boolean {
  const state = readState();
  return Boolean(state && isOurProcess(state.pids.supervisor, 'cluster/supervisor.ts'));
}

/** `npm run <script>` in the repository, its output shown; throws when it fails. */
export function npmRun(script: string): void {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
}

/**
 * Runs a drill on the cluster of CLUSTER_DIR: `npm run cluster:up` first when it does not run (and
 * `local`: false for a cluster elsewhere, left alone), and `npm run cluster:down` after it, in any
 * case, only if it was started here. `run` is told whether the cluster ran before, and answers the
 * exit code; a cluster not wholly brought down makes it 1 (the drill's own answer stays what it printed).
 */
export async function withLocalCluster(run: (ranBefore: boolean) => Promise<number>, log: (line: string) => void, local = true): Promise<number> {
  const startedHere = local && !clusterRunning();
  if (startedHere) npmRun('cluster:up');
  let code = 1;
  try {
    code = await run(!startedHere);
  } finally {
    if (startedHere) {
      try {
        npmRun('cluster:down');
      } catch (error) {
        log(`drill: ${error instanceof Error ? error.message : String(error)}`);
        code = 1;
      }
    }
  }
  return code;
}

function kill(pid: number | null | undefined, what: string): void {
  if (!pid) throw new Error(`${what}: not running`);
  process.kill(pid, 'SIGKILL');
}

export function localTarget(state: ClusterState): DrillTarget {
  const holdFile = (name: string) => path.join(state.dir, 'hold', name);
  return {
    description: `the cluster in ${state.dir}`,
    url: frontUrl(state),
    apiUrls: state.ports.api.map((port) => `http://127.0.0.1:${port}`),
    writeUrl: writeUrl(state),
    readUrl: readUrl(state),
    secret: state.apiEnv.APP_SECRET!,
    patroni: state.ports.nodes.map((node) => localRestApi(node.restapi)),
    async killPostmaster(name) {
      kill(postmasterPid(state.dir, name), `PostgreSQL ${name}`);
    },
    async killNode(name) {
      mkdirSync(path.join(state.dir, 'hold'), { recursive: true });
      writeFileSync(holdFile(name), 'held by the failover drill: this node is down\n');
      const agent = readSupervisor()?.agents[name];
      const postmaster = postmasterPid(state.dir, name);
      if (!isOurProcess(agent, 'patroni')) throw new Error(`Patroni ${name}: not running`);
      kill(agent, `Patroni ${name}`);
      kill(postmaster, `PostgreSQL ${name}`);
    },
    async reviveNode(name) {
      rmSync(holdFile(name), { force: true });
    },
    async killApi() {
      const pid = readSupervisor()?.api[0]?.pid;
      if (!isOurProcess(pid, 'apps/server/dist/main.js')) throw new Error('API 1: not running');
      kill(pid, 'API 1');
    },
    async release() {
      rmSync(path.join(state.dir, 'hold'), { recursive: true, force: true });
    },
    monitoringProblems: () => monitoringProblems(state),
  };
}
