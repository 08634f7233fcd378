// Prometheus for the cluster: the configuration cluster:up writes (each API process's metrics port,
// each node's postgres exporter, HAProxy's own endpoint, the backup facts when the cluster has them,
// and Prometheus itself), the command line it runs with, and what it says of its targets.
import path from 'node:path';
import { REPO_ROOT, SCOPE, type ClusterPorts } from './config';

export const PROMETHEUS_BINARY = '/usr/bin/prometheus';
export const PROMTOOL_BINARY = 'promtool';
/** The alert rules, loaded from the repository where they are tested (cluster/monitoring.test.ts). */
export const ALERT_RULES_FILE = path.join(REPO_ROOT, 'cluster', 'monitoring', 'alerts.yml');
/** How long the cluster's Prometheus keeps its samples: enough to look back over a drill or a day's try-out. */
export const RETENTION = '3d';

export const prometheusDir = (dir: string) => path.join(dir, 'prometheus');
export const prometheusConfigFile = (dir: string) => path.join(prometheusDir(dir), 'prometheus.yml');
export const prometheusUrl = (ports: Pick<ClusterPorts, 'prometheus'>) => `http://127.0.0.1:${ports.prometheus}`;

export interface ScrapeTarget {
  job: 'prometheus' | 'api' | 'postgres' | 'haproxy' | 'backup';
  /** host:port, which Prometheus also takes as the `instance` label. */
  address: string;
  labels: Record<string, string>;
}

/**
 * Everything Prometheus scrapes. The backup facts (`ports.backupMetrics`, served by the supervisor)
 * are scraped only by a cluster that has them (a state file from before them has not).
 */
export function scrapeTargets(ports: ClusterPorts): ScrapeTarget[] {
  const local = (port: number) => `127.0.0.1:${port}`;
  const backup = ports.backupMetrics as number | undefined;
  return [
    { job: 'prometheus', address: local(ports.prometheus), labels: {} },
    ...ports.metrics.map((port, index) => ({ job: 'api' as const, address: local(port), labels: { process: `api${index + 1}` } })),
    ...ports.nodes.map((node, index) => ({ job: 'postgres' as const, address: local(ports.postgresExporters[index]!), labels: { node: node.name } })),
    { job: 'haproxy', address: local(ports.haproxyMetrics), labels: {} },
    ...(backup ? [{ job: 'backup' as const, address: local(backup), labels: {} }] : []),
  ];
}

/** prometheus.yml (as JSON, which YAML reads as it is). */
export function prometheusConfig(ports: ClusterPorts, rulesFile = ALERT_RULES_FILE): object {
  const targets = scrapeTargets(ports);
  const jobs = [...new Set(targets.map((target) => target.job))];
  return {
    // Every 5 s: the targets' health is known within seconds of a start, and the rules' `for`
    // clauses (1 minute and more) see a dozen samples.
    global: { scrape_interval: '5s', scrape_timeout: '4s', evaluation_interval: '5s', external_labels: { cluster: SCOPE } },
    rule_files: [rulesFile],
    scrape_configs: jobs.map((job) => ({
      job_name: job,
      static_configs: targets.filter((target) => target.job === job).map((target) => ({ targets: [target.address], labels: target.labels })),
    })),
  };
}

export function prometheusArgs(dir: string, ports: ClusterPorts): string[] {
  return [
    `--config.file=${prometheusConfigFile(dir)}`,
    `--storage.tsdb.path=${path.join(prometheusDir(dir), 'data')}`,
    `--storage.tsdb.retention.time=${RETENTION}`,
    `--web.listen-address=127.0.0.1:${ports.prometheus}`,
  ];
}

export interface TargetHealth {
  job: string;
  instance: string;
  /** The PostgreSQL node an exporter watches, the process an API target is. */
  node?: string;
  process?: string;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

/** The targets Prometheus scrapes and their health (GET /api/v1/targets), or null when it does not answer. */
export async function prometheusTargets(url: string): Promise<TargetHealth[] | null> {
  try {
    const answer = await fetch(`${url}/api/v1/targets?state=active`, { signal: AbortSignal.timeout(2_000) });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { data?: { activeTargets?: { labels: Record<string, string>; health: TargetHealth['health']; lastError: string }[] } };
    return (body.data?.activeTargets ?? []).map((target) => ({
      job: target.labels.job ?? '',
      instance: target.labels.instance ?? '',
      ...(target.labels.node ? { node: target.labels.node } : {}),
      ...(target.labels.process ? { process: target.labels.process } : {}),
      health: target.health,
      lastError: target.lastError,
    }));
  } catch {
    return null;
  }
}

/** What keeps `targets` (Prometheus's answer) from being every target of `expected` up: empty when nothing does. */
export function targetProblems(expected: readonly ScrapeTarget[], targets: readonly TargetHealth[] | null): string[] {
  if (!targets) return ['Prometheus does not answer'];
  return expected.flatMap((wanted) => {
    const found = targets.find((target) => target.job === wanted.job && target.instance === wanted.address);
    if (!found) return [`${wanted.job} ${wanted.address}: not among Prometheus's targets`];
    if (found.health !== 'up') return [`${wanted.job} ${wanted.address}: ${found.health}${found.lastError ? ` (${found.lastError})` : ''}`];
    return [];
  });
}

/** One series of an instant query's answer. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** An instant query's answer (GET /api/v1/query), or null when Prometheus does not answer. */
export async function prometheusQuery(url: string, expression: string): Promise<Sample[] | null> {
  try {
    const answer = await fetch(`${url}/api/v1/query?${new URLSearchParams({ query: expression })}`, { signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { data?: { result?: { metric: Record<string, string>; value: [number, string] }[] } };
    return (body.data?.result ?? []).map((series) => ({ labels: series.metric, value: Number(series.value[1]) }));
  } catch {
    return null;
  }
}
