import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { switchover } from './faults';
import { longestGap } from './outage';
import { isRemote, remoteTarget, runCommand } from './remote';

const remoteEnv = {
  DRILL_URL: 'https://bank.example/',
  DRILL_WRITE_URL: 'postgres://bank:secret@haproxy:5000/bank',
  DRILL_READ_URL: 'postgres://bank:secret@haproxy:5001/bank',
  DRILL_APP_SECRET: 'a-secret',
  DRILL_PATRONI_URLS: 'http://db1:8008/, http://db2:8008',
  DRILL_API_URLS: 'http://api1:3000,http://api2:3000',
  DRILL_KILL_POSTMASTER: 'ssh -- "$DRILL_HOST" pkill -9 -x postgres -P 1',
  DRILL_KILL_NODE: 'ssh -- "$DRILL_HOST" systemctl kill -s KILL patroni',
  DRILL_REVIVE_NODE: 'ssh -- "$DRILL_HOST" systemctl start patroni',
  DRILL_KILL_API: 'ssh api1 systemctl kill -s KILL bank-api',
};

describe('the drill on a cluster elsewhere', () => {
  it('is chosen by DRILL_URL and needs every other variable', () => {
    expect(isRemote({})).toBe(false);
    expect(isRemote({ DRILL_URL: 'https://bank.example' })).toBe(true);
    expect(() => remoteTarget({ DRILL_URL: 'https://bank.example', DRILL_APP_SECRET: 's' })).toThrow(/DRILL_WRITE_URL, DRILL_READ_URL, DRILL_PATRONI_URLS/);
    const target = remoteTarget(remoteEnv);
    expect(target.url).toBe('https://bank.example');
    expect(target.patroni).toEqual(['http://db1:8008', 'http://db2:8008']);
    expect(target.apiUrls).toEqual(['http://api1:3000', 'http://api2:3000']);
  });

  it('runs the fault commands with the node and its host in their environment', async () => {
    const ran: [string, Record<string, string> | undefined][] = [];
    const target = remoteTarget(remoteEnv, async (command, values) => void ran.push([command, values]));
    await target.killPostmaster('pg1', 'db1');
    await target.killNode('pg2', 'db2');
    await target.killApi();
    expect(ran).toEqual([
      [remoteEnv.DRILL_KILL_POSTMASTER, { DRILL_NODE: 'pg1', DRILL_HOST: 'db1' }],
      [remoteEnv.DRILL_KILL_NODE, { DRILL_NODE: 'pg2', DRILL_HOST: 'db2' }],
      [remoteEnv.DRILL_KILL_API, undefined],
    ]);
    // A node left down by a step that failed is brought back by release, once.
    await target.release();
    await target.release();
    expect(ran.slice(3)).toEqual([[remoteEnv.DRILL_REVIVE_NODE, { DRILL_NODE: 'pg2', DRILL_HOST: 'db2' }]]);
    await expect(target.killPostmaster('pg1', '')).rejects.toThrow(/no host/);
  });

  it('reports a failing command with its output', async () => {
    await expect(runCommand('true')).resolves.toBeUndefined();
    await expect(runCommand('echo refused >&2; exit 3')).rejects.toThrow(/exit 3\nrefused/);
    await expect(runCommand('sleep 30', 300)).rejects.toThrow(/SIGKILL/);
  });
});

describe('the write outage', () => {
  it('is the longest time without an acknowledged write after the fault', () => {
    expect(longestGap([100, 1_000, 1_200, 4_200, 4_300], 900, 5_000)).toEqual({ ms: 3_000, endedAt: 4_200 });
    expect(longestGap([100, 6_000], 1_000, 5_000)).toEqual({ ms: 4_000, endedAt: 5_000 });
    // Writes that stopped for good within the step.
    expect(longestGap([1_100, 1_200], 1_000, 5_000)).toEqual({ ms: 3_800, endedAt: 5_000 });
    // A later pause (after the cluster had recovered at 4,250) is not the fault's outage.
    expect(longestGap([1_000, 2_000, 2_500, 4_300, 4_400, 9_400, 9_500], 1_500, 10_000, 4_250)).toEqual({ ms: 1_800, endedAt: 4_300 });
    expect(longestGap([1_000, 2_000, 2_500, 4_300, 4_400, 9_400, 9_500], 1_500, 10_000)).toEqual({ ms: 5_000, endedAt: 9_400 });
  });
});

describe('a planned switchover', () => {
  it("is asked of the leader's own Patroni, whichever node is listed first", async () => {
    const asked: string[] = [];
    const servers: Server[] = [];
    const urls: string[] = [];
    for (const name of ['pg1', 'pg2']) {
      const server = createServer((request, response) => {
        if (request.method === 'GET' && request.url === '/cluster') {
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              members: [
                { name: 'pg1', role: 'sync_standby', state: 'streaming', host: 'db1', api_url: `${urls[0]}/patroni` },
                { name: 'pg2', role: 'leader', state: 'running', host: 'db2', api_url: `${urls[1]}/patroni` },
              ],
            }),
          );
          return;
        }
        asked.push(`${name} ${request.method} ${request.url}`);
        response.end('Successfully switched over');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    try {
      const target = remoteTarget({ ...remoteEnv, DRILL_PATRONI_URLS: urls.join(',') }, async () => undefined);
      await switchover(target, 'pg2', 'pg1');
      expect(asked).toEqual(['pg2 POST /switchover']);
    } finally {
      for (const server of servers) server.close();
    }
  });
});
