// pgBackRest's configuration (docs/operations.md, "Backups and point-in-time recovery"): one stanza, `bank`, whose
// repository lies in CLUSTER_DIR/backup/repo (owned by postgres), described by CLUSTER_DIR/pgbackrest.conf,
// which every command names with --config (never /etc). Without ssh the stanza cannot list both
// nodes as pg hosts, so the file names none: each command is given the node it works on
// (--pg1-path, and for a backup --pg1-port and --pg1-socket-path): the leader's for a backup, each
// node's own in its archive_command, a new folder for a restore.
import path from 'node:path';

export const PGBACKREST_BINARY = '/usr/bin/pgbackrest';
export const STANZA = 'bank';
/**
 * A WAL segment that is not full is archived after at most this many seconds: the most a lost site
 * costs is about this much of acknowledged writes, plus the few seconds archiving one takes.
 */
export const ARCHIVE_TIMEOUT_SECONDS = 10;
/** Full backups kept (with the differential and incremental ones and the WAL that depend on them). */
export const RETENTION_FULL = 2;

export const BACKUP_TYPES = ['full', 'diff', 'incr'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

/** --type's value; null when not given. */
export function backupTypeArgument(argv: readonly string[]): BackupType | null {
  const index = argv.indexOf('--type');
  if (index < 0) return null;
  const value = argv[index + 1];
  if (!BACKUP_TYPES.includes(value as BackupType)) throw new Error(`--type must be one of ${BACKUP_TYPES.join(', ')}`);
  return value as BackupType;
}

export const backupDir = (dir: string) => path.join(dir, 'backup');
export const repositoryDir = (dir: string) => path.join(backupDir(dir), 'repo');
export const pgbackrestConfigFile = (dir: string) => path.join(dir, 'pgbackrest.conf');
export const logDir = (dir: string) => path.join(backupDir(dir), 'log');
/** pgBackRest logs each command to <log-path>/<stanza>-<command>.log: this one is archive_command's. */
export const archivePushLogFile = (dir: string) => path.join(logDir(dir), `${STANZA}-archive-push.log`);

/** The configuration file: the repository, its retention, and where pgBackRest logs and locks. */
export function pgbackrestConfig(dir: string): string {
  return `# Written by cluster:up on every start. Each command also names its node: --pg1-path, --pg1-port, --pg1-socket-path.
[global]
repo1-path=${repositoryDir(dir)}
repo1-retention-full=${RETENTION_FULL}
log-path=${logDir(dir)}
lock-path=${path.join(backupDir(dir), 'lock')}
log-level-console=warn
log-level-file=info
# lz4: a little larger than gzip, several times cheaper in CPU on a busy leader.
compress-type=lz4
# A backup starts with an immediate checkpoint rather than waiting for the next one.
start-fast=y

[${STANZA}]
`;
}

/** Quoted for sh, which runs archive_command. */
const shellWord = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The options every command starts with. */
export const commonOptions = (dir: string) => [`--config=${pgbackrestConfigFile(dir)}`, `--stanza=${STANZA}`];

/**
 * Each node's WAL archiving, as PostgreSQL parameters of its own Patroni configuration: written on
 * every start (so a cluster made before it archives too, from its next start), and naming the node's
 * own data directory. `on`, not `always`: pgBackRest refuses a standby archiving beside its leader,
 * so only the leader archives (docs/operations.md: what a failover means for the archive).
 */
export function archiveParameters(dir: string, dataDir: string): Record<string, string> {
  const command = [PGBACKREST_BINARY, ...commonOptions(dir), `--pg1-path=${dataDir}`, 'archive-push'].map(shellWord).join(' ');
  return { archive_mode: 'on', archive_command: `${command} %p`, archive_timeout: `${ARCHIVE_TIMEOUT_SECONDS}s` };
}
