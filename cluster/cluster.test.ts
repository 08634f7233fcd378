// The cluster's configuration, always; the whole cluster (up, status, backups, a restored copy, a
// killed API process and Patroni agent restarted, down) only with CLUSTER_TEST=1, since it needs root, apt and a few minutes.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, clusterMark } from './config';
import { processesOf } from './down';
import { haproxyConfig } from './haproxy';
import { listRestores } from './restores';
import { patroniConfig, roleOf } from './patroni';
import { ports } from './test-support';


describe('cluster configuration', () => {
  it('sends writes to the leader, reads to the standbys (the leader while none is up), and HTTP round-robin to the API processes', () => {
    const config = haproxyConfig(ports);
    const section = (name: string) => config.split(/\n(?=listen |frontend |backend )/).find((part) => part.startsWith(name))!;
    expect(section('listen postgres_write')).toContain('option httpchk OPTIONS /primary');
    expect(section('backend postgres_replicas')).toContain('option httpchk OPTIONS /replica');
    // With no standby up (just after a failover) the read port falls back to the leader.
    expect(section('frontend postgres_read')).toContain('use_backend postgres_write if { nbsrv(postgres_replicas) eq 0 }');
    expect(section('frontend postgres_read')).toContain('default_backend postgres_replicas');
    expect(section('listen postgres_write')).toContain('retries 12');
    expect(section('listen postgres_write')).toContain('server pg2 127.0.0.1:6002 check port 7002');
    expect(section('listen postgres_write')).toContain('on-marked-down shutdown-sessions');
    expect(section('backend api_servers')).toContain('balance roundrobin');
    expect(section('backend api_servers')).toContain('option httpchk GET /api/health');
    expect(section('backend api_servers')).toContain('server api2 127.0.0.1:8102 check');
  });

  it('bootstraps synchronous replication with the failover timings', () => {
    const config = patroniConfig('/c', ports, ports.nodes[0]!, { superuserPassword: 's', replicationPassword: 'r', appPassword: 'a' }) as {
      bootstrap: { dcs: Record<string, unknown> & { postgresql: { use_pg_rewind: boolean; parameters: Record<string, unknown> } } };
      postgresql: { data_dir: string; bin_dir: string };
      etcd3: { hosts: string[] };
    };
    expect(config.bootstrap.dcs).toMatchObject({ ttl: 10, loop_wait: 2, retry_timeout: 4, synchronous_mode: true });
    expect(config.bootstrap.dcs.postgresql.use_pg_rewind).toBe(true);
    expect(config.bootstrap.dcs.postgresql.parameters.wal_log_hints).toBe('on');
    expect(config.postgresql.data_dir).toBe('/c/pg/pg1/data');
    expect(config.postgresql.bin_dir).toBe('/usr/lib/postgresql/15/bin');
    expect(config.etcd3.hosts).toEqual(['127.0.0.1:2401']);
  });

  it("names Patroni's roles as the status does", () => {
    expect(['Leader', 'leader', 'master', 'Sync Standby', 'sync_standby', 'Replica', 'replica'].map(roleOf)).toEqual([
      'leader', 'leader', 'leader', 'sync_standby', 'sync_standby', 'replica', 'replica',
    ]);
  });
});

interface Status {
  writeUrl: string;
  postgres: { name: string; role: string; pid: number | null; agentPid: number | null }[];
  api: { pid: number | null; healthy: boolean }[];
}

describe('what cluster:down checks it left behind', () => {
  it("finds the processes carrying the cluster's mark or naming its folder on their command line, and no others", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bank-cluster-'));
    const byArgument = spawn('sh', ['-c', 'sleep 30', `${dir}/pg/pg1/data`], { stdio: 'ignore' });
    const byMark = spawn('sleep', ['30'], { stdio: 'ignore', env: { ...process.env, ...clusterMark(dir) } });
    // A drill run with CLUSTER_DIR (and the esbuild service its tsx starts) is not the cluster's.
    const byVariable = spawn('sleep', ['30'], { stdio: 'ignore', env: { ...process.env, CLUSTER_DIR: dir } });
    const elsewhere = spawn('sleep', ['30'], { stdio: 'ignore', env: { ...process.env, ...clusterMark(`${dir}-other`) } });
    const exited = (child: ReturnType<typeof spawn>) => new Promise((resolve) => child.once('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(processesOf(dir).map((entry) => entry.pid).sort()).toEqual([byArgument.pid, byMark.pid].sort());
      const gone = Promise.all([exited(byArgument), exited(byMark)]);
      byArgument.kill('SIGKILL');
      byMark.kill('SIGKILL');
      await gone;
      expect(processesOf(dir)).toEqual([]);
    } finally {
      for (const child of [byArgument, byMark, byVariable, elsewhere]) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.CLUSTER_TEST === '1')('the cluster on this machine (only with CLUSTER_TEST=1: it needs root, apt and a few minutes)', () => {
  it('comes up, restarts what dies, and goes down leaving nothing', { timeout: 600_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bank-cluster-'));
    const env = { ...process.env, CLUSTER_DIR: dir };
    const tsx = (script: string, ...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', `cluster/${script}.ts`, ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' });
    const status = () => JSON.parse(tsx('status')) as Status;
    const alive = (pid: number | null) => {
      try {
        return pid !== null && !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
      } catch {
        return false;
      }
    };
    const waitFor = async (check: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    try {
      tsx('up');
      const first = status();
      expect(first.postgres.map((node) => node.role).sort()).toEqual(['leader', 'sync_standby']);
      expect(first.api.every((api) => api.healthy)).toBe(true);
      execFileSync('psql', [first.writeUrl, '-Atc', 'create table cluster_probe (x int); insert into cluster_probe values (1); drop table cluster_probe']);

      // Archiving works and the first full backup is there, as the status and the metrics say.
      const backups = JSON.parse(tsx('backup', '--status')) as { backups: { type: string }[]; archiver: { failing: boolean } | null };
      expect(backups.backups.map((backup) => backup.type)).toEqual(['full']);
      expect(backups.archiver?.failing).toBe(false);
      const { ports } = JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { ports: { backupMetrics: number } };
      const metrics = await (await fetch(`http://127.0.0.1:${ports.backupMetrics}/metrics`)).text();
      expect(metrics).toMatch(/^bank_backup_status_up 1$/m);
      expect(metrics).toMatch(/^bank_backup_last_completion_timestamp_seconds\{type="full"\} \d+$/m);
      // A restored copy, which cluster:down stops with the rest.
      tsx('restore', '--latest');
      const copies = listRestores(dir);
      expect(copies).toHaveLength(1);
      expect(copies[0]!.record?.violations).toEqual([]);

      const api = first.api[0]!.pid!;
      const agent = first.postgres[0]!.agentPid!;
      process.kill(api, 'SIGKILL');
      process.kill(agent, 'SIGKILL');
      await waitFor(() => {
        const now = status();
        return now.api[0]!.healthy && now.api[0]!.pid !== api && now.postgres[0]!.agentPid !== null && now.postgres[0]!.agentPid !== agent;
      });

      const every = status();
      const pids = [...every.api.map((entry) => entry.pid), ...every.postgres.flatMap((node) => [node.pid, node.agentPid])];
      const state = JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { pids: Record<string, number> };
      pids.push(...Object.values(state.pids), copies[0]!.pid);
      tsx('down');
      expect(pids.filter(alive)).toEqual([]);
    } finally {
      try {
        tsx('down');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
