// The monitoring's configuration, checked by the tools that run it: promtool checks the alert rules and
// the prometheus.yml cluster:up writes, and runs alerts.test.yml (each alert firing on what it
// watches, none on a healthy cluster); the postgres exporter runs its extra queries on a real
// PostgreSQL as a pg_monitor role. The whole cluster's monitoring is checked by the failover drill.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/server-process.mjs';
import type { ClusterPorts } from './config';
import { haproxyConfig } from './haproxy';
import { EXPORTER_BINARY, exporterArgs, exporterProblems, type ExporterFacts } from './postgres-exporter';
import { ALERT_RULES_FILE, PROMTOOL_BINARY, prometheusConfig, scrapeTargets, targetProblems } from './prometheus';
import { ports } from './test-support';

const TESTS_FILE = path.join(path.dirname(ALERT_RULES_FILE), 'alerts.test.yml');


function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL_BINARY, args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The alert names of alerts.yml. */
const alertNames = () => [...readFileSync(ALERT_RULES_FILE, 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((match) => match[1]!);

/**
 * alerts.test.yml's checks, in the two shapes it writes them: `{ …, alertname: X, exp_alerts: [] }`
 * (X must not fire) and `alertname: X` with `exp_alerts:` and an `- exp_labels:` on the lines after (X fires).
 */
function ruleTests(): { alertname: string; fires: boolean }[] {
  const text = readFileSync(TESTS_FILE, 'utf8');
  return [...text.matchAll(/alertname: (\w+)(?:(, exp_alerts: \[\] \})|(\n\s*exp_alerts:\n\s*- exp_labels: ))?/g)].flatMap((match) =>
    match[2] || match[3] ? [{ alertname: match[1]!, fires: Boolean(match[3]) }] : [],
  );
}

describe('the alert rules and the Prometheus configuration, as promtool sees them', () => {
  beforeAll(() => {
    if (spawnSync(PROMTOOL_BINARY, ['--version']).error) {
      throw new Error("promtool is missing: install Debian's prometheus (apt-get install -y prometheus; .ci/run and cluster:up install it)");
    }
  });

  it('checks the rules file', () => {
    const check = promtool('check', 'rules', ALERT_RULES_FILE);
    expect(check.output).toContain(`SUCCESS: ${alertNames().length} rules found`);
    expect(check.status).toBe(0);
  });

  it('covers each alert with a test where it fires, and a healthy cluster where none does', () => {
    const names = alertNames();
    expect(names).toEqual(expect.arrayContaining(['BankApiDown', 'BankApiLatencyHigh', 'BankReplicationLagBytes', 'BankWalArchivingFailing', 'BankJobsFailed', 'BankLedgerInvariantViolated', 'BankBackupTooOld']));
    const tests = ruleTests();
    expect(tests.length).toBe([...readFileSync(TESTS_FILE, 'utf8').matchAll(/alertname:/g)].length);
    expect(names.filter((name) => !tests.some((test) => test.alertname === name && test.fires))).toEqual([]);
    expect(names.filter((name) => !tests.some((test) => test.alertname === name && !test.fires))).toEqual([]);
    expect(tests.filter((test) => !names.includes(test.alertname))).toEqual([]);
  });

  it('passes the rules unit tests', () => {
    const run = promtool('test', 'rules', TESTS_FILE);
    expect(run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('fails them when an alert no longer fires as tested', () => {
    // The unit tests hold the bounds: an API process down for 5 minutes before it alerts is caught.
    const dir = mkdtempSync(path.join(tmpdir(), 'bank-alerts-'));
    try {
      const rules = readFileSync(ALERT_RULES_FILE, 'utf8').replace(/(expr: up\{job="api"\} == 0\n\s*for:) 1m/, '$1 5m');
      expect(rules).not.toBe(readFileSync(ALERT_RULES_FILE, 'utf8'));
      writeFileSync(path.join(dir, 'alerts.yml'), rules);
      writeFileSync(path.join(dir, 'alerts.test.yml'), readFileSync(TESTS_FILE, 'utf8'));
      const run = promtool('test', 'rules', path.join(dir, 'alerts.test.yml'));
      expect(run.status).not.toBe(0);
      expect(run.output).toContain('alertname: BankApiDown');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks the prometheus.yml cluster:up writes, with the rules it loads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bank-prometheus-'));
    try {
      const file = path.join(dir, 'prometheus.yml');
      writeFileSync(file, JSON.stringify(prometheusConfig(ports)));
      const check = promtool('check', 'config', file);
      expect(check.output).toContain('SUCCESS: 1 rule files found');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what Prometheus scrapes', () => {
  it('scrapes each API process, each node exporter with its node, HAProxy and itself; the backup facts only where there are', () => {
    const { backupMetrics: _none, ...withoutBackups } = ports;
    const config = prometheusConfig(withoutBackups as ClusterPorts) as { rule_files: string[]; scrape_configs: { job_name: string; static_configs: { targets: string[]; labels: Record<string, string> }[] }[] };
    expect(config.rule_files).toEqual([ALERT_RULES_FILE]);
    const jobs = Object.fromEntries(config.scrape_configs.map((job) => [job.job_name, job.static_configs]));
    expect(Object.keys(jobs).sort()).toEqual(['api', 'haproxy', 'postgres', 'prometheus']);
    expect(jobs.api).toEqual([
      { targets: ['127.0.0.1:8201'], labels: { process: 'api1' } },
      { targets: ['127.0.0.1:8202'], labels: { process: 'api2' } },
    ]);
    expect(jobs.postgres).toEqual([
      { targets: ['127.0.0.1:9187'], labels: { node: 'pg1' } },
      { targets: ['127.0.0.1:9188'], labels: { node: 'pg2' } },
    ]);
    expect(jobs.haproxy).toEqual([{ targets: ['127.0.0.1:8404'], labels: {} }]);
    expect(jobs.prometheus).toEqual([{ targets: ['127.0.0.1:9090'], labels: {} }]);
    expect(scrapeTargets(ports).filter((target) => target.job === 'backup')).toEqual([{ job: 'backup', address: '127.0.0.1:9300', labels: {} }]);
  });

  it('serves HAProxy’s own metrics on a port of their own', () => {
    const stats = haproxyConfig(ports).split(/\n(?=listen |frontend |backend )/).find((part) => part.startsWith('frontend stats'))!;
    expect(stats).toContain('bind 127.0.0.1:8404');
    expect(stats).toContain('http-request use-service prometheus-exporter if { path /metrics }');
  });

  it('names each target that is not up, or missing, and nothing when all are', () => {
    const expected = scrapeTargets(ports);
    const up = expected.map((target) => ({ job: target.job, instance: target.address, health: 'up' as const, lastError: '' }));
    expect(targetProblems(expected, up)).toEqual([]);
    const broken = up.filter((target) => target.instance !== '127.0.0.1:9188').map((target) => (target.instance === '127.0.0.1:8202' ? { ...target, health: 'down' as const, lastError: 'connection refused' } : target));
    expect(targetProblems(expected, broken)).toEqual(['api 127.0.0.1:8202: down (connection refused)', "postgres 127.0.0.1:9188: not among Prometheus's targets"]);
    expect(targetProblems(expected, null)).toEqual(['Prometheus does not answer']);
  });
});

describe("what the exporters' facts say of the cluster", () => {
  const sample = (node: string, value: number) => ({ labels: { node }, value });
  const healthy: ExporterFacts = {
    reached: [sample('pg1', 1), sample('pg2', 1)],
    failedQueries: [sample('pg1', 0), sample('pg2', 0)],
    replicas: [sample('pg1', 0), sample('pg2', 1)],
    streaming: [sample('pg1', 1)],
  };

  it('nothing amiss on a leader with its standby streaming', () => {
    expect(exporterProblems(healthy, 2)).toEqual([]);
  });

  it('a node unreached, a failed query, two leaders, no standby streaming', () => {
    expect(exporterProblems({ ...healthy, reached: [sample('pg1', 1), sample('pg2', 0)] }, 2)).toEqual(['the exporters do not each reach their node: pg_up pg1=1, pg2=0']);
    expect(exporterProblems({ ...healthy, reached: [sample('pg1', 1)] }, 2)).toEqual(['the exporters do not each reach their node: pg_up pg1=1']);
    expect(exporterProblems({ ...healthy, failedQueries: [sample('pg1', 0), sample('pg2', 1)] }, 2)).toEqual(["an exporter's queries fail: pg_exporter_last_scrape_error pg1=0, pg2=1"]);
    expect(exporterProblems({ ...healthy, replicas: [sample('pg1', 0), sample('pg2', 0)] }, 2)).toEqual(['not one leader among the nodes: bank_pg_replication_is_replica pg1=0, pg2=0']);
    expect(exporterProblems({ ...healthy, streaming: [sample('pg1', 0)] }, 2)).toEqual(['no standby streams from the leader: bank_pg_leader_standbys_streaming pg1=0']);
    expect(exporterProblems({ ...healthy, streaming: [] }, 2)).toEqual(['no standby streams from the leader: bank_pg_leader_standbys_streaming none']);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the postgres exporter on PostgreSQL', () => {
  const role = `bank_monitor_test_${process.pid}`;
  const password = `p${process.pid}-${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const dir = mkdtempSync(path.join(tmpdir(), 'bank-exporter-'));

  beforeAll(async () => {
    if (!existsSync(EXPORTER_BINARY)) throw new Error(`${EXPORTER_BINARY} is missing: install Debian's prometheus-postgres-exporter (.ci/run and cluster:up install it)`);
    await admin.connect();
    await admin.query(`create role ${role} login password '${password}'`);
    await admin.query(`grant pg_monitor to ${role}`);
  });

  afterAll(async () => {
    await admin.query(`drop role if exists ${role}`).catch(() => undefined);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the extra queries as a pg_monitor role, without a failed query, on a leader', async () => {
    const server = new URL(process.env.TEST_DATABASE_URL!);
    const passwordFile = path.join(dir, 'password');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    const port = (await freePort()) as number;
    const exporter = spawn(EXPORTER_BINARY, exporterArgs(port), {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, DATA_SOURCE_URI: `${server.hostname}:${server.port || 5432}/postgres?sslmode=disable`, DATA_SOURCE_USER: role, DATA_SOURCE_PASS_FILE: passwordFile },
    });
    let errors = '';
    exporter.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    try {
      let body = '';
      for (let attempt = 0; attempt < 100 && !body; attempt += 1) {
        body = await fetch(`http://127.0.0.1:${port}/metrics`).then((answer) => (answer.ok ? answer.text() : ''), () => '');
        if (!body) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const value = (name: string) => body.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm'))?.[1];
      expect(value('pg_up'), errors).toBe('1');
      expect(value('pg_exporter_last_scrape_error'), errors).toBe('0');
      expect(value('bank_pg_replication_is_replica')).toBe('0');
      expect(value('bank_pg_replication_lag_seconds')).toBe('0');
      // No standby streams from this server (so the per-standby lag, bank_pg_standby_lag_bytes, has no series).
      expect(value('bank_pg_leader_standbys_streaming')).toBe('0');
      expect(value('bank_pg_archiver_failing')).toBe('0');
      expect(value('pg_stat_archiver_failed_count')).toBeDefined();
    } finally {
      exporter.kill('SIGTERM');
    }
  });
});
