// Measuring: the longest gap in acknowledged writes after a fault, and a read loop through the
// cluster's read port whose successful SELECTs are counted while the leader is down.
import pg from 'pg';

/**
 * The longest time without an acknowledged write in (from, to]: from `from` to the first
 * acknowledgement after it, and between consecutive ones; and when that gap ended (writes were
 * back). Only gaps that began by `startedBy` count (default: all): the outage a fault caused began
 * before the cluster had recovered from it, while a later pause (a standby rejoining) is another
 * matter. `acks` sorted ascending (epoch ms).
 */
export function longestGap(acks: number[], from: number, to: number, startedBy = to): { ms: number; endedAt: number } {
  let previous = from;
  let longest = { ms: 0, endedAt: from };
  for (const at of acks) {
    if (at <= from) continue;
    if (at > to) break;
    if (previous <= startedBy && at - previous > longest.ms) longest = { ms: at - previous, endedAt: at };
    previous = at;
  }
  // Writes that stopped and never came back before `to`: the gap runs to the end.
  if (previous <= startedBy && to - previous > longest.ms) longest = { ms: to - previous, endedAt: to };
  return longest;
}

export const countBetween = (times: number[], from: number, to: number) => times.filter((at) => at > from && at <= to).length;

/** Reads through `url` (the read port) again and again until stopped; remembers when each one answered. */
export function startReadLoop(url: string): { successes: number[]; failures: number; stop: () => Promise<void> } {
  const result = { successes: [] as number[], failures: 0 };
  let stopped = false;
  const loop = (async () => {
    let client: pg.Client | null = null;
    while (!stopped) {
      try {
        if (!client) {
          client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
          client.on('error', () => undefined);
          await client.connect();
        }
        await client.query('select count(*) from accounts');
        result.successes.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 20));
      } catch {
        result.failures += 1;
        await client?.end().catch(() => undefined);
        client = null;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client?.end().catch(() => undefined);
  })();
  return {
    get successes() {
      return result.successes;
    },
    get failures() {
      return result.failures;
    },
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}
