// npm run restore -- --to "<timestamp>" | --latest (the default) | --list | --drop <name>
//
// Restores the repository's backups and archived WAL into a NEW PostgreSQL: its own folder
// (CLUSTER_DIR/restores/<name>), its own free port, run as the postgres user, archiving off; the
// cluster is not touched, and need not be running (a lost site restores from the repository alone).
// With --to, recovery stops before the first transaction that committed after that time
// (pgbackrest restore --type=time --target-action=promote); with --latest, at the end of the
// archived WAL. Then it prints the point reached (the newest transaction replayed), the ledger's
// invariants checked there, and the connection URL (its password in a pgpass file beside the copy).
// cluster:down stops the copies; --drop stops one and removes its folder.
import { chmodSync, chownSync, existsSync, mkdirSync, appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db';
import { databaseViolations } from '../faults/checks';
import { freePort } from '../scripts/server-process.mjs';
import { APP_DATABASE, CLUSTER_DIR, PG_BIN_DIR, clusterMark, secrets, writeJson } from './config';
import { postgresUser, postmasterPidIn } from './patroni';
import { pgbackrest, runAsPostgres } from './pgbackrest';
import { dropRestore, listRestores, restoreDataDir, restoreDir, restoreRecordFile, restoresDir, type RestoreRecord } from './restores';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long replaying the WAL may take before the restore gives up waiting (the copy runs on). */
const RECOVERY_TIMEOUT_MS = 30 * 60_000;

/** A time as PostgreSQL's recovery_target_time reads it, in UTC to the millisecond. */
export const recoveryTargetTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '+00');

/** What to restore to: a time, or the end of the archived WAL. */
export type RestoreTarget = { time: Date } | 'latest';

/** pgbackrest restore's options for a copy in `dataDir`. */
export function restoreOptions(dataDir: string, target: RestoreTarget): string[] {
  const options = [`--pg1-path=${dataDir}`, '--archive-mode=off'];
  // Without a type, recovery runs to the end of the archived WAL and the copy is promoted there.
  if (target !== 'latest') options.push('--type=time', `--target=${recoveryTargetTime(target.time)}`, '--target-action=promote');
  return options;
}

const confValue = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/**
 * The copy's own settings, after what the backup brought (Patroni's postgresql.conf names the node's
 * port, socket folder and pg_hba, and a synchronous standby that the copy does not have).
 */
export function copySettings(copyDir: string, dataDir: string, port: number, name: string): string {
  const settings: Record<string, string | number> = {
    port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: copyDir,
    hba_file: path.join(dataDir, 'pg_hba.conf'),
    ident_file: path.join(dataDir, 'pg_ident.conf'),
    synchronous_standby_names: '',
    cluster_name: `restore-${name}`,
  };
  return `\n# Written by npm run restore: this copy's own port and folder, and no synchronous standby.\n${Object.entries(settings).map(([key, value]) => `${key} = ${confValue(value)}`).join('\n')}\n`;
}

/** A name for a new copy: the time, made unique. */
function newName(dir: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  for (let suffix = 1; ; suffix += 1) {
    const name = suffix === 1 ? stamp : `${stamp}-${suffix}`;
    if (!existsSync(restoreDir(dir, name))) return name;
  }
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export interface Restored extends RestoreRecord {
  dir: string;
  /** The URL with the owner's password, for this process's own checks (never printed). */
  databaseUrl: string;
}

/**
 * Restores into a new copy and starts it; waits until it has left recovery (promoted), then checks
 * the database's invariants there. Throws when recovery cannot reach the target (no backup before
 * it, or no WAL after it yet).
 */
export async function restoreCopy(dir: string, target: RestoreTarget, log: (line: string) => void): Promise<Restored> {
  const user = postgresUser();
  const name = newName(dir);
  const copyDir = restoreDir(dir, name);
  const dataDir = restoreDataDir(dir, name);
  mkdirSync(restoresDir(dir), { recursive: true, mode: 0o755 });
  for (const folder of [copyDir, dataDir]) {
    mkdirSync(folder, { mode: 0o700 });
    if (user) chownSync(folder, user.uid, user.gid);
  }
  try {
    return await restoreInto(dir, target, log, name);
  } catch (error) {
    // What was copied stays (and may run) for a look: say how to drop it.
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe copy ${name} stays; drop it: npm run restore -- --drop ${name}`, { cause: error });
  }
}

/** restoreCopy's work once the copy's folders are made. */
async function restoreInto(dir: string, target: RestoreTarget, log: (line: string) => void, name: string): Promise<Restored> {
  const copyDir = restoreDir(dir, name);
  const dataDir = restoreDataDir(dir, name);
  const port = (await freePort()) as number;
  const started = Date.now();
  log(`Restoring ${target === 'latest' ? 'to the end of the archived WAL' : `to ${target.time.toISOString()}`} into ${copyDir} …`);
  await pgbackrest(dir, 'restore', restoreOptions(dataDir, target));
  const restoreMs = Date.now() - started;
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), copySettings(copyDir, dataDir, port, name));

  const logFile = path.join(copyDir, 'postgresql.log');
  log(`Restored in ${(restoreMs / 1000).toFixed(1)} s; replaying WAL on port ${port} …`);
  const start = await runAsPostgres(path.join(PG_BIN_DIR, 'pg_ctl'), ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '900'], { env: clusterMark(dir) });
  if (start.code !== 0) throw new Error(`The restored copy did not start:\n${tail(logFile)}`);

  // The superuser over the copy's own socket (pg_hba trusts local connections), until it is promoted.
  const admin = new pg.Client({ host: copyDir, port, user: 'postgres', database: 'postgres' });
  admin.on('error', () => undefined);
  let pointReached: Date | null;
  try {
    await admin.connect();
    const deadline = Date.now() + RECOVERY_TIMEOUT_MS;
    for (;;) {
      const { rows } = await admin.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
      if (!rows[0]!.recovering) break;
      if (!postmasterPidIn(dataDir)) throw new Error('The restored copy stopped during recovery');
      if (Date.now() > deadline) throw new Error(`The restored copy is still recovering after ${RECOVERY_TIMEOUT_MS / 60_000} min (it runs on)`);
      await sleep(200);
    }
    pointReached = (await admin.query<{ at: Date | null }>('select pg_last_xact_replay_timestamp() as at')).rows[0]!.at;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail(logFile)}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const readyMs = Date.now() - started;
  log(`Promoted ${(readyMs / 1000).toFixed(1)} s after the restore began; newest transaction replayed: ${pointReached?.toISOString() ?? 'none'}`);

  // The owner's password as it was backed up (the cluster's), kept in a pgpass file beside the copy.
  const password = secrets().appPassword;
  const passfile = path.join(copyDir, 'pgpass');
  writeFileSync(passfile, `127.0.0.1:${port}:*:${APP_DATABASE}:${password}\n`, { mode: 0o600 });
  const url = `postgres://${APP_DATABASE}@127.0.0.1:${port}/${APP_DATABASE}?passfile=${encodeURIComponent(passfile)}`;
  const databaseUrl = `postgres://${APP_DATABASE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${APP_DATABASE}`;

  const scratch = await mkdtemp(path.join(tmpdir(), 'bank-restore-'));
  const database = await openDatabase({ databaseUrl, dataDir: scratch, poolSize: 2 });
  let violations;
  try {
    violations = await databaseViolations(database.db);
  } finally {
    await database.close().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
  const record: RestoreRecord = {
    name,
    port,
    target: target === 'latest' ? 'latest' : target.time.toISOString(),
    pointReached: pointReached?.toISOString() ?? null,
    restoredAt: new Date(started).toISOString(),
    restoreMs,
    readyMs,
    url,
    violations,
  };
  writeJson(restoreRecordFile(dir, name), record);
  chmodSync(restoreRecordFile(dir, name), 0o644);
  return { ...record, dir: copyDir, databaseUrl };
}

/** The command line: what to do. */
export function restoreCommand(argv: readonly string[]): { action: 'restore'; target: RestoreTarget } | { action: 'list' } | { action: 'drop'; name: string } {
  const valueOf = (flag: string) => {
    const index = argv.indexOf(flag);
    if (index < 0) return undefined;
    const value = argv[index + 1];
    if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
    return value;
  };
  const to = valueOf('--to');
  const drop = valueOf('--drop');
  if (argv.includes('--list')) return { action: 'list' };
  if (drop) return { action: 'drop', name: drop };
  if (to !== undefined && argv.includes('--latest')) throw new Error('--to and --latest exclude each other');
  if (to === undefined) return { action: 'restore', target: 'latest' };
  const time = new Date(to);
  if (Number.isNaN(time.getTime())) throw new Error(`--to: not a timestamp: ${JSON.stringify(to)} (e.g. 2026-11-24T17:05:00Z)`);
  return { action: 'restore', target: { time } };
}

async function main(argv: string[]): Promise<number> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const command = restoreCommand(argv);
  if (command.action === 'list') {
    for (const copy of listRestores(CLUSTER_DIR)) {
      log(`${copy.name}  ${copy.pid ? `running on port ${copy.record?.port}` : 'stopped'}  to ${copy.record?.target ?? '?'}  reached ${copy.record?.pointReached ?? '?'}  ${copy.record?.url ?? ''}`);
    }
    return 0;
  }
  if (command.action === 'drop') {
    await dropRestore(CLUSTER_DIR, command.name);
    log(`Restored copy ${command.name} stopped and removed.`);
    return 0;
  }
  const restored = await restoreCopy(CLUSTER_DIR, command.target, log);
  log('');
  log(`point reached: ${restored.pointReached ?? 'no transaction replayed'} (target ${restored.target})`);
  log(`invariants: ${restored.violations.length === 0 ? 'every invariant holds' : `${restored.violations.length} violations`}`);
  for (const violation of restored.violations.slice(0, 40)) log(`  ${violation.rule}: ${violation.detail}`);
  log(`url: ${restored.url}`);
  log(`  psql "${restored.url}"   ·   npm run restore -- --drop ${restored.name}`);
  return restored.violations.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
