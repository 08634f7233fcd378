// Running pgBackRest for the cluster: the repository's folders, backups from the leader, the check
// that WAL reaches the repository, and the status of both (`npm run backup:status`, the supervisor's
// metrics). Its configuration: cluster/pgbackrest-config.ts.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { secrets, type ClusterState, type NodePorts } from './config';
import { localRestApi, membersFromAny, nodeDataDir, nodeDir, postgresUser, isRunning } from './patroni';
import { PGBACKREST_BINARY, STANZA, archivePushLogFile, backupDir, commonOptions, pgbackrestConfig, pgbackrestConfigFile, repositoryDir, type BackupType } from './pgbackrest-config';

/** pgBackRest's options naming node `node` of the cluster in `dir`. */
export function nodeOptions(dir: string, node: NodePorts): string[] {
  return [`--pg1-path=${nodeDataDir(dir, node.name)}`, `--pg1-port=${node.postgres}`, `--pg1-socket-path=${nodeDir(dir, node.name)}`];
}

/** Writes the configuration and makes the repository's folders, the postgres user's. */
export function preparePgbackrest(dir: string): void {
  const user = postgresUser();
  const root = backupDir(dir);
  for (const folder of [root, repositoryDir(dir), path.join(root, 'log'), path.join(root, 'lock')]) {
    mkdirSync(folder, { recursive: true, mode: 0o750 });
    chmodSync(folder, 0o750);
    if (user) chownSync(folder, user.uid, user.gid);
  }
  writeFileSync(pgbackrestConfigFile(dir), pgbackrestConfig(dir), { mode: 0o644 });
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command as the postgres user (when this process is root), its output captured. */
export function runAsPostgres(command: string, args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<CommandResult> {
  const user = postgresUser();
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: '/',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
        timeout: options.timeoutMs ?? 0,
        maxBuffer: 64 * 1024 * 1024,
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** pgBackRest with the configuration and stanza; rejects with its message when it fails. */
export async function pgbackrest(dir: string, command: string, options: string[] = [], timeoutMs = 0): Promise<string> {
  const result = await runAsPostgres(PGBACKREST_BINARY, [...commonOptions(dir), ...options, command], { timeoutMs });
  if (result.code !== 0) throw new Error(`pgbackrest ${command} failed (${result.code}): ${(result.stderr || result.stdout).trim().slice(-2_000)}`);
  return result.stdout;
}

/** The node that leads now, as Patroni reports it; null when none runs. */
export async function leaderNode(state: Pick<ClusterState, 'ports'>): Promise<NodePorts | null> {
  const members = await membersFromAny(state.ports.nodes.map((node) => localRestApi(node.restapi)));
  const leader = members.find((member) => member.role === 'leader' && isRunning(member));
  return state.ports.nodes.find((node) => node.name === leader?.name) ?? null;
}

async function requireLeader(state: Pick<ClusterState, 'ports'>): Promise<NodePorts> {
  const leader = await leaderNode(state);
  if (!leader) throw new Error('No PostgreSQL leader is running: npm run cluster:status');
  return leader;
}

/** Takes a backup from the leader; answers its label. */
export async function takeBackup(state: Pick<ClusterState, 'dir' | 'ports'>, type: BackupType): Promise<string> {
  const leader = await requireLeader(state);
  const before = new Set((await backupStatus(state)).backups.map((backup) => backup.label));
  await pgbackrest(state.dir, 'backup', [...nodeOptions(state.dir, leader), `--type=${type}`]);
  const made = (await backupStatus(state)).backups.find((backup) => !before.has(backup.label));
  if (!made) throw new Error('pgbackrest backup succeeded, but info lists no new backup');
  return made.label;
}

/** Forces a WAL switch on the leader and waits until that segment is archived (pgbackrest check). */
export async function checkArchive(state: Pick<ClusterState, 'dir' | 'ports'>): Promise<void> {
  await pgbackrest(state.dir, 'check', nodeOptions(state.dir, await requireLeader(state)), 120_000);
}

/**
 * Once the leader is up: the stanza (made once; pgBackRest answers that it exists after), a check that
 * WAL reaches the repository, and a full backup when the repository holds none yet.
 */
export async function prepareBackups(state: Pick<ClusterState, 'dir' | 'ports'>, log: (line: string) => void): Promise<void> {
  const leader = await requireLeader(state);
  await pgbackrest(state.dir, 'stanza-create', nodeOptions(state.dir, leader), 120_000);
  await checkArchive(state);
  const newest = (await backupStatus(state)).backups.at(-1);
  if (newest) {
    log(`Backups: the newest is ${newest.label} (${newest.type}, ${newest.stoppedAt}) in ${repositoryDir(state.dir)}`);
    return;
  }
  const started = Date.now();
  log('Taking the first full backup …');
  const label = await takeBackup(state, 'full');
  log(`Backup ${label} (full) taken in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface BackupEntry {
  label: string;
  type: BackupType;
  startedAt: string;
  stoppedAt: string;
  /** The database's size, and what this backup holds of it (a diff or incr only what changed). */
  databaseBytes: number;
  deltaBytes: number;
  /** Their size in the repository, compressed. */
  repositoryBytes: number;
  repositoryDeltaBytes: number;
  /** The WAL a restore from it needs at least. */
  walStart: string | null;
  walStop: string | null;
  /** The backup it depends on (a diff or incr). */
  prior: string | null;
}

export interface ArchiverStatus {
  node: string;
  archivedCount: number;
  lastArchivedWal: string | null;
  lastArchivedAt: string | null;
  failedCount: number;
  lastFailedWal: string | null;
  lastFailedAt: string | null;
  /** The last attempt failed: the last failure is newer than the last success. */
  failing: boolean;
}

export interface BackupStatus {
  stanza: string;
  repository: string;
  /** Whether `pgbackrest info` answered. */
  infoAnswered: boolean;
  /** pgBackRest's verdict on the stanza ("ok", or what is wrong). */
  status: string | null;
  backups: BackupEntry[];
  /** The WAL archived, oldest and newest segment. */
  wal: { min: string | null; max: string | null };
  /** The leader's pg_stat_archiver; null when no leader answers. */
  archiver: ArchiverStatus | null;
  errors: string[];
}

interface InfoStanza {
  name: string;
  status: { code: number; message: string };
  archive?: { min: string | null; max: string | null }[];
  backup?: {
    label: string;
    type: BackupType;
    prior: string | null;
    timestamp: { start: number; stop: number };
    archive: { start: string | null; stop: string | null };
    info: { size: number; delta: number; repository: { size: number; delta: number } };
  }[];
}

const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/** `pgbackrest info --output=json` in the status's words. */
export function parseInfo(json: string): Pick<BackupStatus, 'status' | 'backups' | 'wal'> {
  const stanza = (JSON.parse(json) as InfoStanza[]).find((entry) => entry.name === STANZA);
  if (!stanza) return { status: 'no stanza', backups: [], wal: { min: null, max: null } };
  const archives = stanza.archive ?? [];
  return {
    status: stanza.status.message,
    backups: (stanza.backup ?? []).map((backup) => ({
      label: backup.label,
      type: backup.type,
      startedAt: isoOfSeconds(backup.timestamp.start),
      stoppedAt: isoOfSeconds(backup.timestamp.stop),
      databaseBytes: backup.info.size,
      deltaBytes: backup.info.delta,
      repositoryBytes: backup.info.repository.size,
      repositoryDeltaBytes: backup.info.repository.delta,
      walStart: backup.archive.start,
      walStop: backup.archive.stop,
      prior: backup.prior,
    })),
    // One entry per database history (a new one after an upgrade): the range runs over them all.
    wal: { min: archives.find((entry) => entry.min)?.min ?? null, max: [...archives].reverse().find((entry) => entry.max)?.max ?? null },
  };
}

/** The leader's pg_stat_archiver, read as the superuser. */
async function archiverOf(node: NodePorts): Promise<ArchiverStatus> {
  const client = new pg.Client({ host: '127.0.0.1', port: node.postgres, user: 'postgres', password: secrets().superuserPassword, database: 'postgres', connectionTimeoutMillis: 3_000, query_timeout: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ archived_count: string; last_archived_wal: string | null; last_archived_time: Date | null; failed_count: string; last_failed_wal: string | null; last_failed_time: Date | null }>(
      'select archived_count, last_archived_wal, last_archived_time, failed_count, last_failed_wal, last_failed_time from pg_stat_archiver',
    );
    const row = rows[0]!;
    return {
      node: node.name,
      archivedCount: Number(row.archived_count),
      lastArchivedWal: row.last_archived_wal,
      lastArchivedAt: row.last_archived_time?.toISOString() ?? null,
      failedCount: Number(row.failed_count),
      lastFailedWal: row.last_failed_wal,
      lastFailedAt: row.last_failed_time?.toISOString() ?? null,
      failing: row.last_failed_time !== null && (row.last_archived_time === null || row.last_failed_time > row.last_archived_time),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What the repository holds and how archiving goes: `pgbackrest info` and the leader's pg_stat_archiver. */
export async function backupStatus(state: Pick<ClusterState, 'dir' | 'ports'>): Promise<BackupStatus> {
  const status: BackupStatus = { stanza: STANZA, repository: repositoryDir(state.dir), infoAnswered: false, status: null, backups: [], wal: { min: null, max: null }, archiver: null, errors: [] };
  try {
    Object.assign(status, parseInfo(await pgbackrest(state.dir, 'info', ['--output=json'], 30_000)), { infoAnswered: true });
  } catch (error) {
    status.errors.push(error instanceof Error ? error.message : String(error));
  }
  try {
    const leader = await leaderNode(state);
    if (leader) status.archiver = await archiverOf(leader);
    else status.errors.push('no PostgreSQL leader is running: the archiver is not known');
  } catch (error) {
    status.errors.push(`pg_stat_archiver: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (status.archiver?.failing) {
    // pg_stat_archiver tells that archiving fails, not why: archive-push's log does.
    const error = lastLogError(await logTail(archivePushLogFile(state.dir)));
    if (error) status.errors.push(`archive-push: ${error}`);
  }
  return status;
}

/** The last ERROR line of a pgBackRest log's text (its time, process, code and message); null when none. */
export function lastLogError(text: string): string | null {
  return (
    text
      .split('\n')
      .reverse()
      .find((line) => /^\S+ \S+ P\d+ +ERROR: /.test(line))
      ?.trim() ?? null
  );
}

/** The last `bytes` of a file; '' when it cannot be read (not written yet). */
async function logTail(file: string, bytes = 64 * 1024): Promise<string> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const length = Math.min(size, bytes);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, size - length);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}

/** What cluster:status shows of it: the newest backup, and how archiving goes. */
export async function backupSummary(state: Pick<ClusterState, 'dir' | 'ports'>): Promise<object> {
  const status = await backupStatus(state);
  const newest = status.backups.at(-1);
  return {
    newest: newest ? { label: newest.label, type: newest.type, stoppedAt: newest.stoppedAt } : null,
    count: status.backups.length,
    lastArchivedAt: status.archiver?.lastArchivedAt ?? null,
    archiveFailing: status.archiver?.failing ?? null,
    metricsUrl: `http://127.0.0.1:${state.ports.backupMetrics}/metrics`,
    errors: status.errors,
  };
}
