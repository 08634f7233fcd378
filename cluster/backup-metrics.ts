// The backup facts Prometheus scrapes, served by the supervisor on 127.0.0.1:<ports.backupMetrics>/metrics
// in Prometheus's text format (the few lines it takes, by hand), from the last reading of pgBackRest and
// the leader's pg_stat_archiver (cluster/pgbackrest.ts backupStatus): one reading at a time, at most one
// every READING_MAX_AGE_MS, never awaited by a scrape once there is one (a reading may take the 30 s
// of `pgbackrest info`'s timeout; a scrape has 4 s, cluster/prometheus.ts). The alert rules use these names.
import { createServer, type Server } from 'node:http';
import type { ClusterState } from './config';
import { BACKUP_TYPES } from './pgbackrest-config';
import { backupStatus, type BackupStatus } from './pgbackrest';

const seconds = (iso: string) => Date.parse(iso) / 1000;

interface Gauge {
  name: string;
  help: string;
  samples: { labels?: Record<string, string>; value: number }[];
}

function render(gauges: Gauge[]): string {
  const lines: string[] = [];
  for (const gauge of gauges) {
    lines.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
    for (const sample of gauge.samples) {
      const labels = Object.entries(sample.labels ?? {}).map(([key, value]) => `${key}="${value}"`);
      lines.push(`${gauge.name}${labels.length > 0 ? `{${labels.join(',')}}` : ''} ${sample.value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The gauges. A type never backed up has no sample (an alert on its age would fire for ever); the
 * newest backup of any type is 0 when there is none, which is as old as a backup can be. Without a
 * leader (or an answer from pgBackRest) the samples that depend on it are left out.
 */
export function backupMetricsText(status: BackupStatus): string {
  const newest = (type?: string) => status.backups.filter((backup) => !type || backup.type === type).map((backup) => seconds(backup.stoppedAt)).reduce((a, b) => Math.max(a, b), 0);
  const archiver = status.archiver;
  return render([
    {
      name: 'bank_backup_last_completion_timestamp_seconds',
      help: 'Unix time at which the newest backup of each type completed.',
      samples: status.infoAnswered ? BACKUP_TYPES.filter((type) => newest(type) > 0).map((type) => ({ labels: { type }, value: newest(type) })) : [],
    },
    {
      name: 'bank_backup_last_completion_any_timestamp_seconds',
      help: 'Unix time at which the newest backup of any type completed (0 when there is none).',
      samples: status.infoAnswered ? [{ value: newest() }] : [],
    },
    {
      name: 'bank_wal_archive_last_success_timestamp_seconds',
      help: "Unix time of the leader's last archived WAL segment (pg_stat_archiver.last_archived_time; 0 when none yet).",
      samples: archiver ? [{ value: archiver.lastArchivedAt ? seconds(archiver.lastArchivedAt) : 0 }] : [],
    },
    {
      name: 'bank_wal_archive_failing',
      help: "1 when the leader's last attempt to archive a WAL segment failed (last_failed_time after last_archived_time), else 0.",
      samples: archiver ? [{ value: archiver.failing ? 1 : 0 }] : [],
    },
    {
      name: 'bank_backup_status_up',
      help: '1 when pgbackrest info answered, else 0.',
      samples: [{ value: status.infoAnswered ? 1 : 0 }],
    },
  ]);
}

/** How long a reading is served before a scrape starts the next one. */
export const READING_MAX_AGE_MS = 30_000;

/**
 * `read`, shared: callers at the same time await the one reading in flight; a reading younger than
 * `maxAgeMs` (counted from its end) is answered at once; an older one is answered at once too, while the next is read (one
 * at a time) to replace it. Only before the first reading does a caller wait for `read`. A reading
 * that fails is answered to those waiting for it, and the last good one stays (the next call tries again).
 */
export function sharedReading<T>(read: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now): () => Promise<T> {
  let last: { value: T; at: number } | null = null;
  let inFlight: Promise<T> | null = null;
  const refresh = (): Promise<T> => {
    if (!inFlight) {
      inFlight = read().then(
        (value) => {
          last = { value, at: now() };
          inFlight = null;
          return value;
        },
        (error: unknown) => {
          inFlight = null;
          throw error;
        },
      );
    }
    return inFlight;
  };
  return () => {
    if (!last) return refresh();
    if (now() - last.at >= maxAgeMs) refresh().catch(() => undefined);
    return Promise.resolve(last.value);
  };
}

/**
 * Serves /metrics on 127.0.0.1:`port` (0: any free one); a failure to listen is told to `log`, and
 * ends nothing else. The first reading starts at once, not at the first scrape.
 */
export function serveBackupMetrics(
  state: Pick<ClusterState, 'dir' | 'ports'>,
  port: number,
  log: (line: string) => void,
  read: () => Promise<BackupStatus> = () => backupStatus(state),
): Server {
  const reading = sharedReading(read, READING_MAX_AGE_MS);
  reading().catch((error: unknown) => log(`backup metrics: ${error instanceof Error ? error.message : String(error)}`));
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    reading().then(
      (status) => response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(backupMetricsText(status)),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  server.on('error', (error) => log(`backup metrics on port ${port}: ${error.message}`));
  server.listen(port, '127.0.0.1');
  return server;
}
