import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { metricValue } from './bank-server';
import { summariseProfile, type CpuProfile } from './profile-summary';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const bundleDir = mkdtempSync(path.join(os.tmpdir(), 'profile-summary-'));
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

/** A bundle whose every position maps back to the sessions module, as esbuild's map would. */
function bundle(): string {
  const file = path.join(bundleDir, 'main.js');
  writeFileSync(file, 'export function touchSession() {}\n');
  const source = pathToFileURL(path.join(REPO_ROOT, 'apps/server/src/modules/auth/sessions.ts')).href;
  writeFileSync(`${file}.map`, JSON.stringify({ version: 3, sources: [source], names: [], mappings: 'AAAA' }));
  return pathToFileURL(file).href;
}

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 5 });

/** Samples 1 ms apart from t = 1,000 µs: node 2 (our bundle), 3 (pg), 4 (node:net), 5 (idle), 6 (GC). */
function profile(): CpuProfile {
  const bundled = bundle();
  return {
    nodes: [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, callFrame: frame('touchSession', bundled) },
      { id: 3, callFrame: frame('addFields', pathToFileURL(path.join(REPO_ROOT, 'node_modules/pg/lib/result.js')).href, 81) },
      { id: 4, callFrame: frame('write', 'node:net') },
      { id: 5, callFrame: frame('(idle)') },
      { id: 6, callFrame: frame('(garbage collector)') },
    ],
    startTime: 0,
    endTime: 9_000,
    // t = 1, 2, … 8 ms; the last sample lasts until endTime.
    samples: [2, 2, 3, 4, 5, 5, 6, 2],
    timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
  };
}

describe("the profile's costs per request", () => {
  it('sums self time by module and by package inside the window only, idle left out, per request', () => {
    const summary = summariseProfile(profile(), { name: 'run', startUs: 2_000, endUs: 8_000, requests: 2 });
    // Inside [2 ms, 8 ms): our bundle at 2, pg at 3, node:net at 4, idle at 5 and 6, GC at 7.
    expect(summary.cpuPerRequestUs).toBe(2_000);
    expect(summary.busyShare).toBeCloseTo(4 / 6);
    expect(Object.fromEntries(summary.byPackage.map((cost) => [cost.name, cost.perRequestUs]))).toEqual({
      'server: modules/auth': 500,
      pg: 500,
      'node internals': 500,
      'V8: garbage collector': 500,
    });
    const names = summary.byFunction.map((cost) => cost.name);
    expect(names).toContain('touchSession apps/server/src/modules/auth/sessions.ts:1');
    expect(names).toContain('addFields pg/lib/result.js:82');
    expect(summary.byFunction.reduce((sum, cost) => sum + cost.share, 0)).toBeCloseTo(1);
  });

  it('counts the last sample until the end of the profile', () => {
    const summary = summariseProfile(profile(), { name: 'tail', startUs: 8_000, endUs: 10_000, requests: 1 });
    expect(summary.byPackage).toEqual([{ name: 'server: modules/auth', perRequestUs: 1_000, share: 1 }]);
  });
});

describe("a metric of the server's /metrics", () => {
  it('sums every label set of the named metric and no other metric that starts alike', () => {
    const text = [
      '# HELP bank_group_commit_batch_size Money writes per group-commit transaction',
      'bank_group_commit_batch_size_bucket{le="8"} 40',
      'bank_group_commit_batch_size_sum 1234',
      'bank_group_commit_batch_size_count 150',
      'process_cpu_seconds_total 12.5',
      'bank_http_requests_total{method="GET",route="/api/account/list",status_code="200"} 7',
      'bank_http_requests_total{method="POST",route="/api/transaction/create",status_code="200"} 5',
    ].join('\n');
    expect(metricValue(text, 'bank_group_commit_batch_size_sum')).toBe(1234);
    expect(metricValue(text, 'bank_group_commit_batch_size_count')).toBe(150);
    expect(metricValue(text, 'bank_group_commit_batch_size')).toBe(0);
    expect(metricValue(text, 'bank_http_requests_total')).toBe(12);
    expect(metricValue(text, 'process_cpu_seconds_total')).toBe(12.5);
  });
});
