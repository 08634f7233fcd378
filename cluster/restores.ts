// The restored copies of `npm run restore`, each in CLUSTER_DIR/restores/<name>: its data directory
// (data/), its log, its pgpass and restore.json (what it was restored to, its port). Listed, stopped
// (cluster:down stops them all) and dropped (npm run restore -- --drop <name>) here.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readJson } from './config';
import { postmasterPidIn } from './patroni';

export const restoresDir = (dir: string) => path.join(dir, 'restores');
export const restoreDir = (dir: string, name: string) => path.join(restoresDir(dir), name);
export const restoreDataDir = (dir: string, name: string) => path.join(restoreDir(dir, name), 'data');
export const restoreRecordFile = (dir: string, name: string) => path.join(restoreDir(dir, name), 'restore.json');

/** A copy's name: a folder's name, never a path. */
export const RESTORE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** restore.json: what a copy was restored to, and where it listens. */
export interface RestoreRecord {
  name: string;
  port: number;
  /** The recovery target: a time (ISO), or 'latest' (the end of the archived WAL). */
  target: string;
  /** The newest transaction the copy replayed (pg_last_xact_replay_timestamp()). */
  pointReached: string | null;
  restoredAt: string;
  /** pgbackrest restore, and from its start until the copy took writes. */
  restoreMs: number;
  readyMs: number;
  /** The connection URL, its password in the pgpass file it names. */
  url: string;
  violations: { rule: string; detail: string }[];
}

export interface RestoredCopy {
  name: string;
  pid: number | null;
  record: RestoreRecord | null;
}

export function listRestores(dir: string): RestoredCopy[] {
  if (!existsSync(restoresDir(dir))) return [];
  return readdirSync(restoresDir(dir))
    .filter((name) => RESTORE_NAME.test(name))
    .sort()
    .map((name) => ({ name, pid: postmasterPidIn(restoreDataDir(dir, name)), record: readJson<RestoreRecord>(restoreRecordFile(dir, name)) }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops copy `name`'s PostgreSQL: a fast shutdown, an immediate one after 30 s. */
export async function stopRestore(dir: string, name: string): Promise<boolean> {
  const dataDir = restoreDataDir(dir, name);
  const pid = postmasterPidIn(dataDir);
  if (!pid) return false;
  for (const [signal, waitMs] of [['SIGINT', 30_000], ['SIGQUIT', 10_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (postmasterPidIn(dataDir) !== pid) return true;
      await sleep(100);
    }
  }
  throw new Error(`the restored copy ${name} (pid ${pid}) did not stop`);
}

/** Stops every running copy (cluster:down); their folders stay. */
export async function stopRestores(dir: string, log: (line: string) => void): Promise<void> {
  for (const copy of listRestores(dir)) {
    if (copy.pid && (await stopRestore(dir, copy.name))) log(`Restored copy ${copy.name} stopped (its folder stays: npm run restore -- --drop ${copy.name})`);
  }
}

/** Stops copy `name` and removes its folder. */
export async function dropRestore(dir: string, name: string): Promise<void> {
  if (!RESTORE_NAME.test(name) || !existsSync(restoreDir(dir, name))) throw new Error(`No restored copy named ${JSON.stringify(name)} in ${restoresDir(dir)}`);
  await stopRestore(dir, name);
  rmSync(restoreDir(dir, name), { recursive: true, force: true });
}
