// Backups and restores as configured and read: pgBackRest's configuration, each node's archiving in
// its Patroni configuration, the commands' arguments, `pgbackrest info` read into the status, and the
// metrics made of it. The real thing (stanza, archive, backups, restores) runs in the restore drill.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { backupMetricsText, serveBackupMetrics, sharedReading } from './backup-metrics';
import { choosePorts } from './config';
import { patroniConfig } from './patroni';
import { archiveParameters, archivePushLogFile, backupTypeArgument, pgbackrestConfig } from './pgbackrest-config';
import { lastLogError, parseInfo, type BackupStatus } from './pgbackrest';
import { copySettings, recoveryTargetTime, restoreCommand, restoreOptions } from './restore';
import { ports } from './test-support';


/** `pgbackrest info --output=json` of a stanza with a full backup and an incremental one on it. */
const INFO = JSON.stringify([
  {
    archive: [{ database: { id: 1, 'repo-key': 1 }, id: '15-1', max: '000000020000000000000030', min: '000000010000000000000001' }],
    backup: [
      {
        archive: { start: '00000002000000000000000C', stop: '00000002000000000000000D' },
        backrest: { format: 5, version: '2.45' },
        database: { id: 1, 'repo-key': 1 },
        error: false,
        info: { delta: 35244654, repository: { delta: 6473971, size: 6473971 }, size: 35244654 },
        label: '20261126-040535F',
        lsn: { start: '0/C000028', stop: '0/D000088' },
        prior: null,
        reference: null,
        timestamp: { start: 1795665935, stop: 1795665949 },
        type: 'full',
      },
      {
        archive: { start: '000000020000000000000028', stop: '000000020000000000000028' },
        backrest: { format: 5, version: '2.45' },
        database: { id: 1, 'repo-key': 1 },
        error: false,
        info: { delta: 4915468, repository: { delta: 772896, size: 6603215 }, size: 35949168 },
        label: '20261126-040535F_20261126-041449I',
        lsn: { start: '0/28000B28', stop: '0/28087950' },
        prior: '20261126-040535F',
        reference: ['20261126-040535F'],
        timestamp: { start: 1795666489, stop: 1795666495 },
        type: 'incr',
      },
    ],
    cipher: 'none',
    db: [{ id: 1, 'repo-key': 1, 'system-id': 7712325830187129, version: '15' }],
    name: 'bank',
    repo: [{ cipher: 'none', key: 1, status: { code: 0, message: 'ok' } }],
    status: { code: 0, lock: { backup: { held: false } }, message: 'ok' },
  },
]);

describe("pgBackRest's configuration", () => {
  it('keeps the repository, logs and locks under the cluster folder, two full backups, and no node of its own', () => {
    const config = pgbackrestConfig('/c');
    expect(config).toContain('repo1-path=/c/backup/repo\n');
    expect(config).toContain('repo1-retention-full=2\n');
    expect(config).toContain('log-path=/c/backup/log\n');
    expect(archivePushLogFile('/c')).toBe('/c/backup/log/bank-archive-push.log');
    expect(config).toContain('lock-path=/c/backup/lock\n');
    expect(config).toContain('start-fast=y\n');
    expect(config.trimEnd().endsWith('[bank]')).toBe(true);
    expect(config).not.toMatch(/^pg1-/m);
  });

  it("has each node archive with its own data directory, every 10 s at the latest, and archive_mode on (pgBackRest refuses 'always')", () => {
    for (const node of ports.nodes) {
      const config = patroniConfig('/c', ports, node, { superuserPassword: 's', replicationPassword: 'r', appPassword: 'a' }) as { postgresql: { parameters: Record<string, string> } };
      expect(config.postgresql.parameters).toMatchObject({
        archive_mode: 'on',
        archive_timeout: '10s',
        archive_command: `'/usr/bin/pgbackrest' '--config=/c/pgbackrest.conf' '--stanza=bank' '--pg1-path=/c/pg/${node.name}/data' 'archive-push' %p`,
      });
    }
  });

  it('quotes the archive command so that the shell hands pgBackRest each path whole', () => {
    const dir = "/tmp/a cluster's $HOME";
    const command = archiveParameters(dir, `${dir}/pg/pg1/data`).archive_command!.replace('%p', 'pg_wal/000000010000000000000001');
    // The same words, printed one a line instead of run.
    const words = spawnSync('sh', ['-c', `printf '%s\\n' ${command}`], { encoding: 'utf8' }).stdout.trimEnd().split('\n');
    expect(words).toEqual(['/usr/bin/pgbackrest', `--config=${dir}/pgbackrest.conf`, '--stanza=bank', `--pg1-path=${dir}/pg/pg1/data`, 'archive-push', 'pg_wal/000000010000000000000001']);
  });

  it('takes --type full, diff or incr, and nothing else', () => {
    expect(backupTypeArgument([])).toBeNull();
    expect(backupTypeArgument(['--type', 'diff'])).toBe('diff');
    expect(() => backupTypeArgument(['--type', 'weekly'])).toThrow(/full, diff, incr/);
    expect(() => backupTypeArgument(['--type'])).toThrow();
  });

  it('gives the metrics endpoint a port of its own', async () => {
    const chosen = await choosePorts(undefined);
    const all = [chosen.http, chosen.write, chosen.read, chosen.etcdClient, chosen.etcdPeer, ...chosen.api, ...chosen.nodes.flatMap((node) => [node.postgres, node.restapi]), chosen.backupMetrics];
    expect(chosen.backupMetrics).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
    expect((await choosePorts(chosen)).backupMetrics).toBe(chosen.backupMetrics);
  });
});

describe('the backup status', () => {
  it("reads pgbackrest info's backups, sizes and WAL range", () => {
    const info = parseInfo(INFO);
    expect(info.status).toBe('ok');
    expect(info.wal).toEqual({ min: '000000010000000000000001', max: '000000020000000000000030' });
    expect(info.backups.map((backup) => [backup.label, backup.type, backup.prior])).toEqual([
      ['20261126-040535F', 'full', null],
      ['20261126-040535F_20261126-041449I', 'incr', '20261126-040535F'],
    ]);
    expect(info.backups[1]).toMatchObject({
      startedAt: '2026-11-26T04:14:49.000Z',
      stoppedAt: '2026-11-26T04:14:55.000Z',
      databaseBytes: 35949168,
      deltaBytes: 4915468,
      repositoryBytes: 6603215,
      repositoryDeltaBytes: 772896,
      walStart: '000000020000000000000028',
    });
    expect(parseInfo(JSON.stringify([{ name: 'other', status: { code: 0, message: 'ok' } }]))).toMatchObject({ status: 'no stanza', backups: [] });
  });
});

describe("archive-push's log", () => {
  const LOG = `-------------------PROCESS START-------------------
2026-11-26 04:20:01.101 P00   INFO: archive-push command begin 2.45: [pg_wal/000000020000000000000031] --config=/c/pgbackrest.conf --stanza=bank
2026-11-26 04:20:01.180 P00  ERROR: [045]: unable to open file '/c/backup/repo/archive/bank/archive.info' for read: [13] Permission denied
2026-11-26 04:20:01.181 P00   INFO: archive-push command end: aborted with exception [045]

-------------------PROCESS START-------------------
2026-11-26 04:20:02.301 P00   INFO: archive-push command begin 2.45: [pg_wal/000000020000000000000031] --config=/c/pgbackrest.conf --stanza=bank
2026-11-26 04:20:02.390 P00  ERROR: [047]: unable to create path '/c/backup/repo/archive/bank/15-1/0000000200000000': [28] No space left on device
2026-11-26 04:20:02.391 P00   INFO: archive-push command end: aborted with exception [047]
`;

  it('gives its last ERROR line, and nothing when there is none', () => {
    expect(lastLogError(LOG)).toBe("2026-11-26 04:20:02.390 P00  ERROR: [047]: unable to create path '/c/backup/repo/archive/bank/15-1/0000000200000000': [28] No space left on device");
    expect(lastLogError(LOG.split('\n').filter((line) => !line.includes('ERROR')).join('\n'))).toBeNull();
    expect(lastLogError('')).toBeNull();
  });
});

describe('the backup metrics', () => {
  const status = (change: Partial<BackupStatus> = {}): BackupStatus => ({
    stanza: 'bank',
    repository: '/c/backup/repo',
    infoAnswered: true,
    ...parseInfo(INFO),
    archiver: { node: 'pg1', archivedCount: 40, lastArchivedWal: '000000020000000000000030', lastArchivedAt: '2026-11-26T04:20:00.500Z', failedCount: 2, lastFailedWal: '000000010000000000000003', lastFailedAt: '2026-11-26T04:04:00.000Z', failing: false },
    errors: [],
    ...change,
  });
  const samples = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));

  it('names the newest backup of each type and of any, the last archived segment, and whether archiving fails', () => {
    const text = backupMetricsText(status());
    expect(samples(text)).toEqual([
      'bank_backup_last_completion_timestamp_seconds{type="full"} 1795665949',
      'bank_backup_last_completion_timestamp_seconds{type="incr"} 1795666495',
      'bank_backup_last_completion_any_timestamp_seconds 1795666495',
      'bank_wal_archive_last_success_timestamp_seconds 1795666800.5',
      'bank_wal_archive_failing 0',
      'bank_backup_status_up 1',
    ]);
    for (const name of ['bank_backup_last_completion_timestamp_seconds', 'bank_backup_last_completion_any_timestamp_seconds', 'bank_wal_archive_last_success_timestamp_seconds', 'bank_wal_archive_failing', 'bank_backup_status_up']) {
      expect(text).toContain(`# TYPE ${name} gauge\n`);
    }
  });

  it('says archiving fails, and leaves out what it cannot know', () => {
    const failing = status({ archiver: { ...status().archiver!, failing: true } });
    expect(samples(backupMetricsText(failing))).toContain('bank_wal_archive_failing 1');
    const nothing = samples(backupMetricsText(status({ infoAnswered: false, status: null, backups: [], archiver: null })));
    expect(nothing).toEqual(['bank_backup_status_up 0']);
    expect(samples(backupMetricsText(status({ backups: [] })))).toContain('bank_backup_last_completion_any_timestamp_seconds 0');
  });

  it('reads the status once for scrapes at the same time and for a scrape within 30 s', async () => {
    let reads = 0;
    let answer: (value: BackupStatus) => void = () => undefined;
    const read = () => {
      reads += 1;
      return new Promise<BackupStatus>((resolve) => (answer = resolve));
    };
    const server = serveBackupMetrics({ dir: '/c', ports }, 0, () => undefined, read);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      const scrape = async () => samples(await (await fetch(url)).text());
      const both = Promise.all([scrape(), scrape()]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer(status());
      const [first, second] = await both;
      expect(first).toContain('bank_backup_status_up 1');
      expect(second).toEqual(first);
      expect(await scrape()).toEqual(first);
      expect(reads).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers an older reading at once while it reads the next, one reading at a time', async () => {
    let clock = 0;
    const answers: ((value: number) => void)[] = [];
    const reading = sharedReading(() => new Promise<number>((resolve) => answers.push(resolve)), 30_000, () => clock);
    const first = reading();
    answers[0]!(1);
    expect(await first).toBe(1);
    clock = 29_999;
    expect(await reading()).toBe(1);
    expect(answers).toHaveLength(1);
    clock = 30_000;
    expect(await reading()).toBe(1);
    expect(await reading()).toBe(1);
    expect(answers).toHaveLength(2);
    answers[1]!(2);
    await Promise.resolve();
    expect(await reading()).toBe(2);
    expect(answers).toHaveLength(2);
  });
});

describe('a restore', () => {
  it('recovers to a time in UTC and promotes there, or to the end of the archive, archiving off', () => {
    const at = new Date('2026-11-26T04:15:06.025Z');
    expect(recoveryTargetTime(at)).toBe('2026-11-26 04:15:06.025+00');
    expect(restoreOptions('/c/restores/x/data', { time: at })).toEqual([
      '--pg1-path=/c/restores/x/data',
      '--archive-mode=off',
      '--type=time',
      '--target=2026-11-26 04:15:06.025+00',
      '--target-action=promote',
    ]);
    expect(restoreOptions('/c/restores/x/data', 'latest')).toEqual(['--pg1-path=/c/restores/x/data', '--archive-mode=off']);
  });

  it('gives the copy its own port, folder and pg_hba, and no synchronous standby', () => {
    const settings = copySettings("/c/restores/it's", "/c/restores/it's/data", 6100, 'x');
    expect(settings).toContain('\nport = 6100\n');
    expect(settings).toContain("\nunix_socket_directories = '/c/restores/it''s'\n");
    expect(settings).toContain("\nhba_file = '/c/restores/it''s/data/pg_hba.conf'\n");
    expect(settings).toContain("\nsynchronous_standby_names = ''\n");
  });

  it('reads its command line: --to a time, --latest by default, --list, --drop', () => {
    expect(restoreCommand([])).toEqual({ action: 'restore', target: 'latest' });
    expect(restoreCommand(['--latest'])).toEqual({ action: 'restore', target: 'latest' });
    expect(restoreCommand(['--to', '2026-11-26T04:15:06Z'])).toEqual({ action: 'restore', target: { time: new Date('2026-11-26T04:15:06Z') } });
    expect(restoreCommand(['--drop', '20261126-041513'])).toEqual({ action: 'drop', name: '20261126-041513' });
    expect(restoreCommand(['--list'])).toEqual({ action: 'list' });
    expect(() => restoreCommand(['--to', 'yesterday-ish'])).toThrow(/not a timestamp/);
    expect(() => restoreCommand(['--to'])).toThrow(/needs a value/);
    expect(() => restoreCommand(['--to', '2026-11-26T04:15:06Z', '--latest'])).toThrow(/exclude/);
  });
});
