// npm test: type check, lint, unit and integration tests, build, then end-to-end specs in Chromium.
// Closes on one line with the counts of tests passed and failed.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const reports = 'e2e/.artifacts';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(name, command, args, env = {}, options = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, ...options });
  if (result.error) process.stdout.write(`${name}: ${result.error.message}\n`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const browser = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(browser)) {
  console.error(
    `No Chromium at ${browser}. Install Debian's Chromium with "apt-get install -y chromium" (or set CHROME_PATH), then run npm test again.`,
  );
  process.exit(1);
}

// Tests of real concurrency and journeys on PostgreSQL need a server: TEST_DATABASE_URL's, or one
// of this run's own. Only when neither is possible are they skipped, and the summary says so.
let postgresNote;
let throwaway;
if (process.env.TEST_DATABASE_URL) {
  postgresNote = 'PostgreSQL tests ran on TEST_DATABASE_URL';
} else {
  throwaway = await startThrowawayPostgres();
  if (throwaway.url) {
    process.env.TEST_DATABASE_URL = throwaway.url;
    postgresNote = 'PostgreSQL tests ran on a throwaway server of this run (set TEST_DATABASE_URL to use another)';
    const stop = () => throwaway.stop();
    process.on('exit', stop);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  } else {
    postgresNote = `PostgreSQL tests were SKIPPED: ${throwaway.skipped}; set TEST_DATABASE_URL to run them`;
  }
}
process.stdout.write(`\n${postgresNote}\n`);

run('type check', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`]);
countVitest(`${reports}/unit.json`);

process.stdout.write('\n=== build\n');
try {
  buildIfStale();
} catch {
  failedSteps.push('build');
}
if (!failedSteps.includes('build')) {
  run('end-to-end specs (Chromium)', 'npx', [
    'vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/e2e.json`,
  ]);
  countVitest(`${reports}/e2e.json`);
}

// The fault suite's short run: its own PostgreSQL cluster, killed and restarted under load, then
// the ledger's checks and the fuzz of every route (npm run test:faults runs the long one).
if (!failedSteps.includes('build')) run('fault suite (short run)', 'npx', ['tsx', 'faults/run.ts', '--short']);

// The drills' short runs, each on a cluster of its own (Patroni, etcd, HAProxy, two API processes) in
// a folder of this run, brought up and down by the drill. The failover drill: one leader-node death
// under load, then the fault suite's checks. The restore drill after it: a backup under load, a copy
// restored to a time and one to the latest point after both nodes are killed, each checked. A
// cluster each rather than one shared: a failure of one leaves the other's run and logs whole, for
// the 30 s or so a cluster's start costs. They install Debian packages and run PostgreSQL as the
// postgres user, so they need root (as CI runs); elsewhere they are skipped and the summary says so
// (npm run drill:failover and npm run drill:restore run the long ones).
function clusterDrill(name, script, report) {
  const clusterDir = mkdtempSync(path.join(tmpdir(), 'bank-drill-'));
  // The postgres user passes through it to its nodes' folders.
  chmodSync(clusterDir, 0o755);
  // DRILL_URL emptied: never a cluster elsewhere that this shell happens to describe (drill/remote.ts).
  const env = { CLUSTER_DIR: clusterDir, DRILL_URL: '' };
  const passed = run(name, 'npx', ['tsx', script, '--short', '--report', `${reports}/${report}.json`], env, {
    timeout: 15 * 60_000,
    killSignal: 'SIGKILL',
  });
  // What a failure leaves to read: the logs of the supervisor, etcd, HAProxy, each node, API process,
  // restored copy and pgBackRest command.
  if (!passed) cpSync(clusterDir, `${reports}/${report.replace(/-report$/, '')}-cluster`, { recursive: true, filter: (source) => (statSync(source).isDirectory() ? !/\/(data|repo)$/.test(source) : source.endsWith('.log')) });
  // Whatever the drill left running (it stops the cluster it started, unless it was itself stopped).
  spawnSync('npx', ['tsx', 'cluster/down.ts'], { stdio: 'inherit', env: { ...process.env, ...env }, timeout: 3 * 60_000 });
  rmSync(clusterDir, { recursive: true, force: true });
}

let drillNote = '';
if (!failedSteps.includes('build')) {
  if (process.getuid?.() === 0) {
    clusterDrill('failover drill (short run)', 'drill/failover.ts', 'drill-report');
    clusterDrill('restore drill (short run)', 'drill/restore.ts', 'drill-restore-report');
  } else {
    drillNote = '\nThe failover and restore drills were SKIPPED: they need root (npm run drill:failover -- --short and npm run drill:restore -- --short as root run them)';
  }
}

if (failedSteps.length > 0) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
const failed = totals.failed + (failedSteps.length > 0 && totals.failed === 0 ? 1 : 0);
process.stdout.write(`\n${postgresNote}${drillNote}`);
process.stdout.write(`\n${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
