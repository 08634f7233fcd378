// npm run backup [-- --type full|diff|incr]: a backup of the cluster's leader into the repository
// (default incr, or full while the repository holds none), then the new backup as JSON.
// npm run backup:status (--status): the backups, the WAL archived, the leader's archiver, as JSON.
import { readState } from './config';
import { backupTypeArgument } from './pgbackrest-config';
import { backupStatus, takeBackup } from './pgbackrest';

async function main(argv: string[]): Promise<object> {
  const state = readState();
  if (!state) throw new Error('No cluster here: npm run cluster:up');
  if (argv.includes('--status')) return backupStatus(state);
  const before = await backupStatus(state);
  // pgBackRest itself turns an incr or diff without a full one before it into a full backup.
  const type = backupTypeArgument(argv) ?? 'incr';
  const started = Date.now();
  const label = await takeBackup(state, type);
  const after = await backupStatus(state);
  return { backup: after.backups.find((backup) => backup.label === label), seconds: (Date.now() - started) / 1000, backupsBefore: before.backups.length, backups: after.backups.length };
}

main(process.argv.slice(2))
  .then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
