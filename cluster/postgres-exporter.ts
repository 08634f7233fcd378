// One prometheus-postgres-exporter per PostgreSQL node, connected to that node's own port (not
// through HAProxy) as bank_monitor, a login role with pg_monitor and nothing else. Beside the
// exporter's own metrics it runs the queries of cluster/monitoring/postgres-queries.yml:
// replication lag in bytes and seconds, the standbys streaming from the leader, archiving failures.
import path from 'node:path';
import { CLUSTER_DIR, REPO_ROOT, keptSecret, type NodePorts } from './config';
import type { Sample } from './prometheus';

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

/** What the exporters report that tells whether they watch the cluster whole, each read from Prometheus by its query. */
export const EXPORTER_FACTS = {
  reached: 'pg_up{job="postgres"}',
  failedQueries: 'pg_exporter_last_scrape_error{job="postgres"}',
  replicas: 'bank_pg_replication_is_replica{job="postgres"}',
  streaming: 'bank_pg_leader_standbys_streaming{job="postgres"}',
} as const;
export type ExporterFacts = Record<keyof typeof EXPORTER_FACTS, Sample[]>;

/**
 * What the exporters' last scrapes say is wrong: a node unreached or a query failing (the ones of
 * postgres-queries.yml included), or not exactly one leader with a standby streaming from it.
 */
export function exporterProblems(facts: ExporterFacts, nodes: number): string[] {
  const byNode = (samples: Sample[]) => samples.map((sample) => `${sample.labels.node}=${sample.value}`).join(', ') || 'none';
  const problems: string[] = [];
  const { reached, failedQueries, replicas, streaming } = facts;
  if (reached.length !== nodes || reached.some((sample) => sample.value !== 1)) problems.push(`the exporters do not each reach their node: pg_up ${byNode(reached)}`);
  if (failedQueries.some((sample) => sample.value !== 0)) problems.push(`an exporter's queries fail: pg_exporter_last_scrape_error ${byNode(failedQueries)}`);
  if (replicas.length !== nodes || replicas.filter((sample) => sample.value === 0).length !== 1) problems.push(`not one leader among the nodes: bank_pg_replication_is_replica ${byNode(replicas)}`);
  if (streaming.length !== 1 || streaming[0]!.value < 1) problems.push(`no standby streams from the leader: bank_pg_leader_standbys_streaming ${byNode(streaming)}`);
  return problems;
}
