// The Patroni agents: one per PostgreSQL node, run as the `postgres` user (PostgreSQL refuses to run
// as root). Each node's folder (its configuration, data directory, pgpass and log) belongs to postgres.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PG_BIN_DIR, SCOPE, type ClusterPorts, type NodePorts, type Secrets } from './config';
import { archiveParameters } from './pgbackrest-config';

export const PATRONI_BINARY = '/usr/bin/patroni';

export interface PostgresUser {
  uid: number;
  gid: number;
}

/** The postgres user's ids when this process is root; null when it runs as an ordinary user. */
export function postgresUser(): PostgresUser | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export const nodeDir = (dir: string, name: string) => path.join(dir, 'pg', name);
export const nodeDataDir = (dir: string, name: string) => path.join(nodeDir(dir, name), 'data');
export const nodeConfigFile = (dir: string, name: string) => path.join(nodeDir(dir, name), 'patroni.yml');
export const nodeLogFile = (dir: string, name: string) => path.join(nodeDir(dir, name), 'patroni.log');

/** Every folder above `folder` must let others pass through, or the postgres user cannot reach it. */
function checkReachable(folder: string): void {
  for (let current = path.dirname(folder); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(`The postgres user cannot reach ${folder}: ${current} is not searchable by others (chmod o+x ${current}, or set CLUSTER_DIR elsewhere)`);
    }
    if (current === path.dirname(current)) return;
  }
}

/** Patroni's configuration of one node (JSON, which YAML reads as it is). */
export function patroniConfig(dir: string, ports: ClusterPorts, node: NodePorts, secrets: Secrets): object {
  const home = nodeDir(dir, node.name);
  return {
    scope: SCOPE,
    name: node.name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${node.restapi}`, connect_address: `127.0.0.1:${node.restapi}` },
    etcd3: { hosts: [`127.0.0.1:${ports.etcdClient}`] },
    bootstrap: {
      dcs: {
        ttl: 10,
        loop_wait: 2,
        retry_timeout: 4,
        maximum_lag_on_failover: 1_048_576,
        // A commit is acknowledged only once the standby has it: a failover never loses one.
        synchronous_mode: true,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            max_connections: 200,
            max_wal_senders: 10,
            max_replication_slots: 10,
            wal_keep_size: '256MB',
            wal_log_hints: 'on',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${node.postgres}`,
      connect_address: `127.0.0.1:${node.postgres}`,
      data_dir: nodeDataDir(dir, node.name),
      bin_dir: PG_BIN_DIR,
      pgpass: path.join(home, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: secrets.superuserPassword },
        replication: { username: 'replicator', password: secrets.replicationPassword },
      },
      parameters: { unix_socket_directories: home, ...archiveParameters(dir, nodeDataDir(dir, node.name)) },
      pg_hba: [
        'local all all trust',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

/** Writes each node's configuration and gives its folder to the postgres user. */
export function preparePatroniNodes(dir: string, ports: ClusterPorts, secrets: Secrets): void {
  const user = postgresUser();
  checkReachable(path.join(dir, 'pg'));
  mkdirSync(path.join(dir, 'pg'), { recursive: true, mode: 0o755 });
  chmodSync(path.join(dir, 'pg'), 0o755);
  for (const node of ports.nodes) {
    const home = nodeDir(dir, node.name);
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const file = nodeConfigFile(dir, node.name);
    writeFileSync(file, `# Written by cluster:up on every start.\n${JSON.stringify(patroniConfig(dir, ports, node, secrets), null, 2)}\n`, { mode: 0o600 });
    if (user) {
      chownSync(home, user.uid, user.gid);
      chownSync(file, user.uid, user.gid);
    }
  }
}

export type Role = 'leader' | 'sync_standby' | 'replica';

export interface Member {
  name: string;
  role: Role;
  state: string;
  /** The node's PostgreSQL host, as Patroni's configuration gives it. */
  host: string;
  /** The base URL of the node's own Patroni REST API, when it reports one. */
  restApi: string | null;
  lagBytes: number | null;
}

/** Patroni's roles as /cluster and patronictl spell them, in the status's words. */
export function roleOf(value: string): Role {
  const key = value.toLowerCase().replace(/[\s_-]/g, '');
  if (key === 'leader' || key === 'master' || key === 'primary' || key === 'standbyleader') return 'leader';
  if (key === 'syncstandby') return 'sync_standby';
  return 'replica';
}

/** Patroni's REST API on this machine's port. */
export const localRestApi = (port: number) => `http://127.0.0.1:${port}`;

/** The members as one node's REST API (`restApi`, its base URL) sees them (GET /cluster), or null when it does not answer. */
export async function clusterMembers(restApi: string): Promise<Member[] | null> {
  try {
    const answer = await fetch(`${restApi}/cluster`, { signal: AbortSignal.timeout(2_000) });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { members?: { name: string; role: string; state: string; host?: string; api_url?: string; lag?: number | string }[] };
    return (body.members ?? []).map((member) => ({
      name: member.name,
      role: roleOf(member.role),
      state: member.state,
      host: member.host ?? '',
      // api_url names an endpoint (…/patroni); the API's other endpoints are beside it.
      restApi: member.api_url ? member.api_url.replace(/\/patroni\/?$/, '') : null,
      lagBytes: roleOf(member.role) === 'leader' ? 0 : typeof member.lag === 'number' ? member.lag : null,
    }));
  } catch {
    return null;
  }
}

/** The members as the first of `restApis` that answers sees them; empty when none does. */
export async function membersFromAny(restApis: readonly string[]): Promise<Member[]> {
  for (const restApi of restApis) {
    const answer = await clusterMembers(restApi);
    if (answer) return answer;
  }
  return [];
}

export const isRunning = (member: Member) => member.state === 'running' || member.state === 'streaming';

/** A running leader and a running synchronous standby: the cluster acknowledges commits again. */
export const hasLeaderAndSyncStandby = (members: readonly Member[]) =>
  members.some((member) => member.role === 'leader' && isRunning(member)) && members.some((member) => member.role === 'sync_standby' && isRunning(member));

/** The postmaster's pid from node `name`'s data directory, or null when PostgreSQL is not running there. */
export const postmasterPid = (dir: string, name: string) => postmasterPidIn(nodeDataDir(dir, name));

/** The postmaster's pid from the data directory `dataDir`, or null when PostgreSQL is not running there. */
export function postmasterPidIn(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
