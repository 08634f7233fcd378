// The drill's view of the cluster through Patroni's REST API, and the waits between its steps: for
// a leader (another than before, after a failover), for the cluster to be whole again; and a
// planned switchover (Patroni's POST /switchover).
import { apiHealthy } from '../cluster/config';
import { hasLeaderAndSyncStandby, isRunning, membersFromAny, type Member } from '../cluster/patroni';
import type { DrillTarget } from './target';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The members as the first node that answers sees them. */
export const members = (target: DrillTarget): Promise<Member[]> => membersFromAny(target.patroni);

export async function leader(target: DrillTarget): Promise<Member | null> {
  return (await members(target)).find((member) => member.role === 'leader' && isRunning(member)) ?? null;
}

/** Waits until there is a leader (other than `not`, when given); answers it. */
export async function waitForLeader(target: DrillTarget, timeoutMs: number, not?: string): Promise<Member> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await leader(target);
    if (found && found.name !== not) return found;
    await sleep(200);
  }
  throw new Error(`no new leader within ${timeoutMs / 1000} s`);
}

/** Waits until the cluster is whole again: a leader, a streaming synchronous standby, every API process healthy. */
export async function waitForHealthy(target: DrillTarget, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    const all = await members(target);
    seen = all.map((member) => `${member.name} ${member.role} ${member.state}`).join(', ');
    const whole = hasLeaderAndSyncStandby(all) && (await Promise.all([target.url, ...target.apiUrls].map(apiHealthy))).every(Boolean);
    if (whole) return;
    await sleep(250);
  }
  throw new Error(`the cluster is not whole again within ${timeoutMs / 1000} s (${seen})`);
}

/**
 * A planned switchover from `from` to `to`, asked of the leader's own Patroni first: the node that
 * takes the request wakes its own loop at once, and only the leader's loop demotes; asked of
 * another node, the leader starts on it only at its next loop, up to `loop_wait` (2 s) later.
 */
export async function switchover(target: DrillTarget, from: string, to: string): Promise<void> {
  const leaderApi = (await members(target)).find((member) => member.name === from)?.restApi;
  const unanswered: string[] = [];
  for (const restApi of [...new Set([...(leaderApi ? [leaderApi] : []), ...target.patroni])]) {
    let answer: Response;
    try {
      answer = await fetch(`${restApi}/switchover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leader: from, candidate: to }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      // Only a node that did not answer is passed over: one that refused has said so for the cluster.
      unanswered.push(`${restApi}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (answer.ok) return;
    throw new Error(`switchover ${from} → ${to}: ${restApi} answered ${answer.status} ${await answer.text()}`);
  }
  throw new Error(`switchover ${from} → ${to}: no Patroni node answered (${unanswered.join('; ')})`);
}
