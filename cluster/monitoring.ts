// The cluster's monitoring, as cluster:up starts it and cluster:down stops it: a postgres exporter per
// node and Prometheus, each a detached process like etcd and HAProxy (pids in state.json). HAProxy
// serves its own metrics (cluster/haproxy.ts) and each API process its /metrics on METRICS_PORT (the
// supervisor passes it). Also what cluster:status reports of it, and the failover drill's check
// that every target is up.
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STATE_FILE, clusterMark, writeJson, type ClusterState } from './config';
import { EXPORTER_BINARY, EXPORTER_FACTS, exporterArgs, exporterEnvironment, exporterProblems, type ExporterFacts } from './postgres-exporter';
import {
  PROMETHEUS_BINARY, PROMTOOL_BINARY, prometheusArgs, prometheusConfig, prometheusConfigFile, prometheusDir, prometheusQuery, prometheusTargets, prometheusUrl, scrapeTargets,
  targetProblems,
  type TargetHealth,
} from './prometheus';

export type StartDetached = (command: string, args: string[], logFile: string, env?: NodeJS.ProcessEnv) => ChildProcess;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const exporterLog = (dir: string, name: string) => path.join(prometheusDir(dir), `postgres-exporter-${name}.log`);

/** What cluster:down stops, each known by its pid and a word of its command line (a recycled pid is not ours). */
export function monitoringProcesses(state: ClusterState): { what: string; pid: number | undefined; expected: string }[] {
  return [
    { what: 'Prometheus', pid: state.pids.prometheus, expected: `--config.file=${prometheusConfigFile(state.dir)}` },
    ...state.ports.nodes.map((node, index) => ({
      what: `postgres exporter ${node.name}`,
      pid: state.pids.postgresExporters?.[index],
      expected: exporterArgs(state.ports.postgresExporters[index]!)[0]!,
    })),
  ];
}

/** Waits until Prometheus says it is ready (GET /-/ready), or throws with its log's end. */
async function waitForReady(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`Prometheus is not ready at ${url} (see prometheus/prometheus.log)`);
}

/** Starts the exporters and Prometheus (its configuration checked by promtool first), recording their pids. */
export async function startMonitoring(state: ClusterState, start: StartDetached): Promise<void> {
  const { dir, ports } = state;
  mkdirSync(prometheusDir(dir), { recursive: true });
  state.pids.postgresExporters = ports.nodes.map((node, index) => {
    const env = { ...process.env, ...clusterMark(dir), ...exporterEnvironment(node) };
    return start(EXPORTER_BINARY, exporterArgs(ports.postgresExporters[index]!), exporterLog(dir, node.name), env).pid!;
  });
  writeJson(STATE_FILE, state);

  const configFile = prometheusConfigFile(dir);
  writeFileSync(configFile, `# Written by cluster:up on every start.\n${JSON.stringify(prometheusConfig(ports), null, 2)}\n`);
  const check = spawnSync(PROMTOOL_BINARY, ['check', 'config', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`promtool refuses Prometheus's configuration:\n${check.stderr || check.stdout}`);
  const prometheus = start(PROMETHEUS_BINARY, prometheusArgs(dir, ports), path.join(prometheusDir(dir), 'prometheus.log'));
  state.pids.prometheus = prometheus.pid;
  writeJson(STATE_FILE, state);
  await waitForReady(prometheusUrl(ports), prometheus);
}

/** cluster:status's part: Prometheus's URL and each target's health (null while Prometheus does not answer). */
export async function monitoringStatus(state: ClusterState): Promise<{ url: string; alerts: string; targets: TargetHealth[] | null }> {
  const url = prometheusUrl(state.ports);
  return { url, alerts: `${url}/alerts`, targets: await prometheusTargets(url) };
}

/**
 * What keeps the monitoring from being whole: a target of `scrapeTargets` that Prometheus does not
 * report up within `timeoutMs`, what the exporters report amiss, or an API process whose /metrics does
 * not answer with the API's metrics. Empty when all is well.
 */
export async function monitoringProblems(state: ClusterState, timeoutMs = 60_000): Promise<string[]> {
  const url = prometheusUrl(state.ports);
  const expected = scrapeTargets(state.ports);
  const deadline = Date.now() + timeoutMs;
  let targets = await prometheusTargets(url);
  while (targetProblems(expected, targets).length > 0 && Date.now() < deadline) {
    await sleep(1_000);
    targets = await prometheusTargets(url);
  }
  const problems = targetProblems(expected, targets);
  // What the exporters report, once Prometheus scrapes them all.
  if (targetProblems(expected.filter((target) => target.job === 'postgres'), targets).length === 0) {
    const read = async ([name, expression]: [string, string]) => [name, (await prometheusQuery(url, expression)) ?? []] as const;
    const facts = Object.fromEntries(await Promise.all(Object.entries(EXPORTER_FACTS).map(read))) as ExporterFacts;
    problems.push(...exporterProblems(facts, state.ports.nodes.length));
  }
  for (const [index, port] of state.ports.metrics.entries()) {
    const url = `http://127.0.0.1:${port}/metrics`;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await answer.text();
      if (!answer.ok) problems.push(`API ${index + 1} ${url}: ${answer.status}`);
      else if (!body.includes('bank_http_requests_total')) problems.push(`API ${index + 1} ${url}: no bank_http_requests_total in its answer`);
    } catch (error) {
      problems.push(`API ${index + 1} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}
