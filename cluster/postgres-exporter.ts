// One prometheus-postgres-exporter per PostgreSQL node, connected to that node's own port (not
// through HAProxy) as bank_monitor, a login role with pg_monitor and nothing else. Beside the
// exporter's own metrics it runs the queries of cluster/monitoring/postgres-queries.yml:
// replication lag in bytes and seconds, the standbys streaming from the leader, archiving failures.
import path from 'node:path';
import { CLUSTER_DIR, REPO_ROOT, keptSecret, type NodePorts } from './config';

export const EXPORTER_BINARY = '/usr/bin/prometheus-postgres-exporter';
export const EXPORTER_QUERIES_FILE = path.join(REPO_ROOT, 'cluster', 'monitoring', 'postgres-queries.yml');
/** The role the exporters connect as: it reads the statistics views (pg_monitor), and no table of the bank. */
export const MONITOR_ROLE = 'bank_monitor';
const PASSWORD_SECRET = 'monitor-password';

/** bank_monitor's password, kept beside the other secrets (made on first use). */
export const monitorPassword = () => keptSecret(PASSWORD_SECRET);

export function exporterArgs(port: number): string[] {
  return [`--web.listen-address=127.0.0.1:${port}`, `--extend.query-path=${EXPORTER_QUERIES_FILE}`, '--log.level=warn'];
}

/** Its connection: the password is read from the secrets folder, so it is on no command line and in no environment. */
export function exporterEnvironment(node: NodePorts): Record<string, string> {
  return {
    DATA_SOURCE_URI: `127.0.0.1:${node.postgres}/postgres?sslmode=disable`,
    DATA_SOURCE_USER: MONITOR_ROLE,
    DATA_SOURCE_PASS_FILE: path.join(CLUSTER_DIR, 'secrets', PASSWORD_SECRET),
  };
}
