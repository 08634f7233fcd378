// The drill's faults on the running cluster: SIGKILL the leader's postmaster alone (its agent
// restarts it in place); SIGKILL a node's agent and postmaster together while the supervisor holds
// that agent back (CLUSTER_DIR/hold/<name>), as when its machine dies, and later let it come back;
// SIGKILL an API process; a planned switchover through Patroni's REST API. And the waits between.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { frontUrl, isOurProcess, readSupervisor, type ClusterState } from '../cluster/config';
import { clusterMembers, postmasterPid, type Member } from '../cluster/patroni';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The members as the first node that answers sees them. */
export async function members(state: ClusterState): Promise<Member[]> {
  for (const node of state.ports.nodes) {
    const answer = await clusterMembers(node.restapi);
    if (answer) return answer;
  }
  return [];
}

const running = (member: Member) => member.state === 'running' || member.state === 'streaming';

export async function leaderName(state: ClusterState): Promise<string | null> {
  return (await members(state)).find((member) => member.role === 'leader' && running(member))?.name ?? null;
}

/** Waits until there is a leader (other than `not`, when given); answers its name. */
export async function waitForLeader(state: ClusterState, timeoutMs: number, not?: string): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const leader = await leaderName(state);
    if (leader && leader !== not) return leader;
    await sleep(200);
  }
  throw new Error(`no new leader within ${timeoutMs / 1000} s`);
}

async function apiHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Waits until the cluster is whole again: a leader, a streaming synchronous standby, every API process healthy. */
export async function waitForHealthy(state: ClusterState, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    const all = await members(state);
    seen = all.map((member) => `${member.name} ${member.role} ${member.state}`).join(', ');
    const whole =
      all.some((member) => member.role === 'leader' && running(member)) &&
      all.some((member) => member.role === 'sync_standby' && running(member)) &&
      (await Promise.all([frontUrl(state), ...state.ports.api.map((port) => `http://127.0.0.1:${port}`)].map(apiHealthy))).every(Boolean);
    if (whole) return;
    await sleep(250);
  }
  throw new Error(`the cluster is not whole again within ${timeoutMs / 1000} s (${seen})`);
}

function kill(pid: number | null | undefined, what: string): void {
  if (!pid) throw new Error(`${what}: not running`);
  process.kill(pid, 'SIGKILL');
}

export function killPostmaster(state: ClusterState, name: string): void {
  kill(postmasterPid(state.dir, name), `PostgreSQL ${name}`);
}

const holdFile = (state: ClusterState, name: string) => path.join(state.dir, 'hold', name);

/** The node's machine dies: its agent held back by the supervisor, then agent and postmaster SIGKILLed together. */
export function killNode(state: ClusterState, name: string): void {
  mkdirSync(path.join(state.dir, 'hold'), { recursive: true });
  writeFileSync(holdFile(state, name), 'held by the failover drill: this node is down\n');
  const agent = readSupervisor()?.agents[name];
  const postmaster = postmasterPid(state.dir, name);
  if (!isOurProcess(agent, 'patroni')) throw new Error(`Patroni ${name}: not running`);
  kill(agent, `Patroni ${name}`);
  kill(postmaster, `PostgreSQL ${name}`);
}

/** The node's machine is back: the supervisor starts its agent, which rejoins as a standby (pg_rewind). */
export function reviveNode(state: ClusterState, name: string): void {
  rmSync(holdFile(state, name), { force: true });
}

export function releaseAllHolds(state: ClusterState): void {
  rmSync(path.join(state.dir, 'hold'), { recursive: true, force: true });
}

export function killApi(index: number): void {
  const pid = readSupervisor()?.api[index]?.pid;
  if (!isOurProcess(pid, 'apps/server/dist/main.js')) throw new Error(`API ${index + 1}: not running`);
  kill(pid, `API ${index + 1}`);
}

/** A planned switchover from `leader` to `candidate` (Patroni's POST /switchover). */
export async function switchover(state: ClusterState, leader: string, candidate: string): Promise<void> {
  const node = state.ports.nodes.find((entry) => entry.name === leader)!;
  const answer = await fetch(`http://127.0.0.1:${node.restapi}/switchover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leader, candidate }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!answer.ok) throw new Error(`switchover ${leader} → ${candidate}: ${answer.status} ${await answer.text()}`);
}
