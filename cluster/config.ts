// Where the cluster keeps its files, its ports and its state file. Everything lives under
// CLUSTER_DIR (default ./data/cluster): state.json (ports, pids of etcd and HAProxy and the
// supervisor), supervisor.json (the pids of what the supervisor runs), the secrets, and one folder
// each for etcd, HAProxy, the API processes and the PostgreSQL nodes.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/server-process.mjs';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const CLUSTER_DIR = path.resolve(REPO_ROOT, process.env.CLUSTER_DIR || 'data/cluster');
export const STATE_FILE = path.join(CLUSTER_DIR, 'state.json');
export const SUPERVISOR_FILE = path.join(CLUSTER_DIR, 'supervisor.json');
export const PG_BIN_DIR = '/usr/lib/postgresql/15/bin';
export const SCOPE = 'bank';
export const NODE_NAMES = ['pg1', 'pg2'] as const;
export const API_COUNT = 2;
/** The application's database, and the role that owns it and runs the migrations. */
export const APP_DATABASE = 'bank';
/**
 * The role the API processes run as (docs/bank-controls.md): it owns nothing, so it can neither UPDATE nor
 * DELETE history nor alter a trigger; the server grants it its share when it migrates as APP_DATABASE.
 */
export const APP_ROLE = 'bank_app';

export interface NodePorts {
  name: string;
  /** PostgreSQL's port. */
  postgres: number;
  /** Patroni's REST API. */
  restapi: number;
}

export interface ClusterPorts {
  etcdClient: number;
  etcdPeer: number;
  /** HAProxy: the leader's PostgreSQL, the replicas' PostgreSQL, and the HTTP front of the API. */
  write: number;
  read: number;
  http: number;
  api: number[];
  nodes: NodePorts[];
  /** Each API process's METRICS_PORT (its /metrics), by the index of `api`. */
  metrics: number[];
  /** Prometheus, HAProxy's own metrics endpoint, and each node's postgres exporter (by the index of `nodes`). */
  prometheus: number;
  haproxyMetrics: number;
  postgresExporters: number[];
  /** The supervisor's Prometheus endpoint of backup facts (cluster/backup-metrics.ts). */
  backupMetrics: number;
}

export interface Secrets {
  superuserPassword: string;
  replicationPassword: string;
  appPassword: string;
}

/** state.json, written by cluster:up. */
export interface ClusterState {
  dir: string;
  ports: ClusterPorts;
  /** The environment the API processes run with (secrets given as file paths where possible). */
  apiEnv: Record<string, string>;
  pids: { etcd?: number; haproxy?: number; supervisor?: number; prometheus?: number; postgresExporters?: number[] };
}

/** supervisor.json, written by the supervisor whenever a process it runs starts or ends. */
export interface SupervisorState {
  pid: number;
  agents: Record<string, number | null>;
  api: { port: number; pid: number | null }[];
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export function writeJson(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * The variable every process cluster:up starts carries (and what they start inherits: Patroni hands
 * its environment to PostgreSQL): the cluster's folder. cluster:down finds by it what is left.
 */
export const CLUSTER_MARK = 'BANK_CLUSTER';
export const clusterMark = (dir: string) => ({ [CLUSTER_MARK]: dir });

export const readState = () => readJson<ClusterState>(STATE_FILE);
export const readSupervisor = () => readJson<SupervisorState>(SUPERVISOR_FILE);

/** Whether a process runs and its command line contains `expected` (a recycled pid is not ours). */
export function isOurProcess(pid: number | null | undefined, expected: string): boolean {
  if (!pid) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(expected);
  } catch {
    return false;
  }
}

function portFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number`);
  return port;
}

/**
 * The ports: CLUSTER_PORT (the API front), CLUSTER_WRITE_PORT, CLUSTER_READ_PORT and
 * CLUSTER_PROMETHEUS_PORT when set, else those of the previous run (its etcd and Patroni remember
 * them), else free ones, all distinct.
 */
export async function choosePorts(previous: ClusterPorts | undefined): Promise<ClusterPorts> {
  const taken = new Set<number>();
  const pick = async (fixed?: number, before?: number): Promise<number> => {
    for (const candidate of [fixed, before]) {
      if (candidate && !taken.has(candidate) && (candidate === fixed || (await isFree(candidate)))) {
        taken.add(candidate);
        return candidate;
      }
    }
    for (;;) {
      const port = (await freePort()) as number;
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const ports: ClusterPorts = {
    http: await pick(portFromEnv('CLUSTER_PORT'), previous?.http),
    write: await pick(portFromEnv('CLUSTER_WRITE_PORT'), previous?.write),
    read: await pick(portFromEnv('CLUSTER_READ_PORT'), previous?.read),
    prometheus: await pick(portFromEnv('CLUSTER_PROMETHEUS_PORT'), previous?.prometheus),
    etcdClient: await pick(undefined, previous?.etcdClient),
    etcdPeer: await pick(undefined, previous?.etcdPeer),
    api: [],
    nodes: [],
    metrics: [],
    haproxyMetrics: 0,
    postgresExporters: [],
    backupMetrics: await pick(undefined, previous?.backupMetrics),
  };
  for (let index = 0; index < API_COUNT; index += 1) ports.api.push(await pick(undefined, previous?.api[index]));
  for (const [index, name] of NODE_NAMES.entries()) {
    const before = previous?.nodes[index];
    ports.nodes.push({ name, postgres: await pick(undefined, before?.postgres), restapi: await pick(undefined, before?.restapi) });
  }
  // A state file older than the monitoring has none of these.
  for (let index = 0; index < API_COUNT; index += 1) ports.metrics.push(await pick(undefined, previous?.metrics?.[index]));
  ports.haproxyMetrics = await pick(undefined, previous?.haproxyMetrics);
  for (let index = 0; index < NODE_NAMES.length; index += 1) ports.postgresExporters.push(await pick(undefined, previous?.postgresExporters?.[index]));
  return ports;
}

async function isFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A secret kept in CLUSTER_DIR: generated once, the same on every later run. */
export function keptSecret(name: string, make: () => string = () => randomBytes(24).toString('hex')): string {
  const file = path.join(CLUSTER_DIR, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export function secrets(): Secrets {
  return {
    superuserPassword: keptSecret('postgres-password'),
    replicationPassword: keptSecret('replicator-password'),
    appPassword: keptSecret('bank-password'),
  };
}

export function writeUrl(state: Pick<ClusterState, 'ports'>): string {
  return `postgres://${APP_DATABASE}:${secrets().appPassword}@127.0.0.1:${state.ports.write}/${APP_DATABASE}`;
}

/** APP_ROLE's password, kept beside the others (it is not one of `secrets()`, which Patroni's configuration takes). */
export const applicationRolePassword = () => keptSecret('bank-app-password');

/** The write port as the application role: the API processes' DATABASE_URL. */
export function applicationUrl(state: Pick<ClusterState, 'ports'>): string {
  return `postgres://${APP_ROLE}:${applicationRolePassword()}@127.0.0.1:${state.ports.write}/${APP_DATABASE}`;
}

export function readUrl(state: Pick<ClusterState, 'ports'>): string {
  return `postgres://${APP_DATABASE}:${secrets().appPassword}@127.0.0.1:${state.ports.read}/${APP_DATABASE}`;
}

/** Whether the API at `baseUrl` answers /api/health with 200 within 2 s. */
export async function apiHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

export function frontUrl(state: Pick<ClusterState, 'ports'>): string {
  return `http://127.0.0.1:${state.ports.http}`;
}
