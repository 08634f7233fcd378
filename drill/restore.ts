// The restore drill (`npm run drill:restore`): brings the cluster up (unless it runs already), runs
// DRILL_LOOPS client loops of the fault suite's transfers and exchanges through HAProxy, recording
// when each was sent and acknowledged, and meanwhile: takes a backup under load; picks a time T and
// lets the load go on; has the WAL past T archived (pgbackrest check); restores a copy to T (the
// cluster serving all along) and checks it (drill/restore-checks.ts: everything acknowledged before T
// there exactly once, nothing sent after T, the invariants); then stops the load and loses the site —
// both database nodes' agents and postmasters SIGKILLed and held down — and restores a copy to the
// end of the archive: every operation acknowledged before the newest transaction it replayed is
// there, and what was acknowledged after it is lost and counted (the RPO, which archive_timeout
// bounds). Prints a table, writes a JSON report (CLUSTER_DIR/drill-restore-report.json, or --report
// <path>); exit 1 on any violation. The nodes are let back up afterwards and, when it passed, the
// copies dropped (--keep keeps them). `--short`: about a minute of load. The cluster is brought down at the end only
// if the drill started it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db';
import { CLUSTER_DIR, readState, writeJson, type ClusterState } from '../cluster/config';
import { ARCHIVE_TIMEOUT_SECONDS, type BackupType } from '../cluster/pgbackrest-config';
import { backupStatus, checkArchive, takeBackup } from '../cluster/pgbackrest';
import { restoreCopy, type Restored } from '../cluster/restore';
import { dropRestore } from '../cluster/restores';
import { createClients } from '../faults/bank';
import { timesApplied, type Violation } from '../faults/checks';
import { clientLoop, type Operation } from '../faults/load';
import { waitForHealthy } from './faults';
import { localTarget, withLocalCluster } from './local';
import { checkLatestCopy, checkTimeCopy, type LatestCopyCounts, type TimeCopyCounts } from './restore-checks';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const keep = argv.includes('--keep');
const reportIndex = argv.indexOf('--report');
const reportFile = reportIndex >= 0 && argv[reportIndex + 1] ? path.resolve(argv[reportIndex + 1]!) : path.join(CLUSTER_DIR, 'drill-restore-report.json');
const LOOPS = Number(process.env.DRILL_LOOPS ?? (short ? 6 : 16));
/** Seconds of load: before the backup, between it and T, after T, and after the copy to T before the site is lost. */
const PHASES = short ? { warm: 5, beforeT: 8, afterT: 4, beforeLoss: 6 } : { warm: 20, beforeT: 40, afterT: 20, beforeLoss: 30 };
/** The most a lost site may cost: archive_timeout, plus the time archiving the forced segment takes. */
const RPO_LIMIT_MS = (ARCHIVE_TIMEOUT_SECONDS + 5) * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : (ms / 1000).toFixed(2));
const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** What the report says of each phase. */
interface DrillResult {
  backup?: { label: string; type: BackupType; ms: number };
  atT?: TimeCopyCounts & { target: string; pointReached: string | null; restoreMs: number; readyMs: number; archiveLagMs: number | null; invariants: number };
  latest?: LatestCopyCounts & {
    pointReached: string | null;
    lossAt: string;
    lastAcknowledgedAt: string | null;
    lastArchivedBeforeLoss: string | null;
    rpoMs: number;
    restoreMs: number;
    readyMs: number;
    invariants: number;
  };
}

interface Row {
  step: string;
  at: string;
  ms: number;
  detail: string;
}

async function main(): Promise<number> {
  return withLocalCluster((ranBefore) => drill(readState() as ClusterState, ranBefore), log);
}

/** The copy's database, for `check`; closed afterwards. */
async function onCopy<T>(copy: Restored, check: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bank-drill-copy-'));
  const database = await openDatabase({ databaseUrl: copy.databaseUrl, dataDir: scratch, poolSize: 2 });
  try {
    return await check(database.db);
  } finally {
    await database.close().catch(() => undefined);
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `keepRunning`: the cluster ran before the drill, and must be whole again after it. */
async function drill(state: ClusterState, keepRunning: boolean): Promise<number> {
  const target = localTarget(state);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-drill-'));
  const database = await openDatabase({ databaseUrl: target.writeUrl, dataDir, poolSize: 4, onConnectionLost: () => undefined });
  const violations: Violation[] = [];
  const rows: Row[] = [];
  const copies: Restored[] = [];
  const drillStart = Date.now();
  const row = (step: string, startMs: number, detail = '') => {
    rows.push({ step, at: new Date(startMs).toISOString(), ms: Date.now() - startMs, detail });
    log(`  ${new Date(startMs).toISOString()} ${step}: ${seconds(Date.now() - startMs)} s${detail ? ` — ${detail}` : ''}`);
  };
  let siteLost = false;
  let passed = false;
  try {
    await waitForHealthy(target, 120_000);
    log(`drill: restore, the cluster in ${state.dir}, ${LOOPS} client loops through ${target.url}${short ? ' (short)' : ''}`);
    const clients = await createClients(database.db, target.secret, target.url, LOOPS);

    // Every loop adds what it did to `operations` as it goes: the checks of the copy to T read it
    // while the load goes on. Rounds of 1 s, so the load stops within about a second when told.
    const operations: Operation[] = [];
    let loadStopped = false;
    const loops = clients.map(async (client) => {
      const others = clients.filter((other) => other !== client);
      while (!loadStopped) operations.push(...(await clientLoop(target.url, client, others, Date.now() + 1_000)));
    });
    const stopLoad = async () => {
      loadStopped = true;
      await Promise.all(loops);
    };

    const result: DrillResult = {};
    try {
      await sleep(PHASES.warm * 1000);
      const backupType: BackupType = short ? 'incr' : 'full';
      let started = Date.now();
      const label = await takeBackup(state, backupType);
      row(`${backupType} backup under load`, started, label);
      result.backup = { label, type: backupType, ms: Date.now() - started };

      await sleep(PHASES.beforeT * 1000);
      const targetMs = Date.now();
      log(`  T = ${new Date(targetMs).toISOString()}`);
      await sleep(PHASES.afterT * 1000);
      // How far the archive was behind then, and the WAL past T forced into it: the copy to T then
      // misses nothing for want of WAL, and every acknowledgement before T must be in it.
      const archiver = (await backupStatus(state)).archiver;
      const archiveLagMs = archiver?.lastArchivedAt ? Date.now() - Date.parse(archiver.lastArchivedAt) : null;
      started = Date.now();
      await checkArchive(state);
      row('WAL past T archived (pgbackrest check)', started, `archive lag before: ${seconds(archiveLagMs)} s`);

      started = Date.now();
      const atT = await restoreCopy(state.dir, { time: new Date(targetMs) }, (line) => log(`    ${line}`));
      copies.push(atT);
      row('restore to T, under load', started, `point reached ${atT.pointReached}`);
      const seen = [...operations];
      const timeCheck = await onCopy(atT, async (db) => checkTimeCopy(seen, await timesApplied(db, seen), targetMs));
      violations.push(...atT.violations, ...timeCheck.violations);
      if (atT.pointReached && Date.parse(atT.pointReached) > targetMs) violations.push({ rule: 'the copy to T replayed nothing after T', detail: `newest transaction ${atT.pointReached}` });
      result.atT = { target: new Date(targetMs).toISOString(), pointReached: atT.pointReached, restoreMs: atT.restoreMs, readyMs: atT.readyMs, archiveLagMs, invariants: atT.violations.length, ...timeCheck.counts };
      log(`    ${timeCheck.counts.before} acknowledged before T, ${timeCheck.counts.after} sent after it, ${timeCheck.counts.inFlight} in flight at T (${timeCheck.counts.inFlightPresent} of them in the copy)`);

      await sleep(PHASES.beforeLoss * 1000);
      await stopLoad();
      const lossMs = Date.now();
      const beforeLoss = (await backupStatus(state)).archiver;
      for (const node of state.ports.nodes) await target.killNode(node.name, '127.0.0.1');
      siteLost = true;
      row('site lost: both nodes SIGKILLed and held down', lossMs);

      started = Date.now();
      const latest = await restoreCopy(state.dir, 'latest', (line) => log(`    ${line}`));
      copies.push(latest);
      row('restore to the latest point', started, `point reached ${latest.pointReached}`);
      const all = [...operations];
      const pointReachedMs = latest.pointReached ? Date.parse(latest.pointReached) : 0;
      const latestCheck = await onCopy(latest, async (db) => checkLatestCopy(all, await timesApplied(db, all), pointReachedMs));
      violations.push(...latest.violations, ...latestCheck.violations);
      const lastAckMs = Math.max(0, ...all.flatMap((operation) => (operation.acknowledgedAt ? [operation.acknowledgedAt] : [])));
      // The RPO: acknowledged writes lost, as the span from the newest transaction the copy holds to
      // the newest acknowledgement.
      const rpoMs = Math.max(0, lastAckMs - pointReachedMs);
      if (rpoMs > RPO_LIMIT_MS) violations.push({ rule: `the site's loss costs at most archive_timeout (${ARCHIVE_TIMEOUT_SECONDS} s) and the archiving of a segment`, detail: `${seconds(rpoMs)} s of acknowledged writes lost` });
      result.latest = {
        pointReached: latest.pointReached,
        lossAt: new Date(lossMs).toISOString(),
        lastAcknowledgedAt: iso(lastAckMs),
        lastArchivedBeforeLoss: beforeLoss?.lastArchivedAt ?? null,
        rpoMs,
        restoreMs: latest.restoreMs,
        readyMs: latest.readyMs,
        invariants: latest.violations.length,
        ...latestCheck.counts,
      };
      log(`    ${latestCheck.counts.present} of ${latestCheck.counts.acknowledged} acknowledged operations in the copy; ${latestCheck.counts.lost} lost, acknowledged in the last ${seconds(rpoMs)} s before the loss`);
    } catch (error) {
      violations.push({ rule: 'the drill ran every step', detail: error instanceof Error ? error.message : String(error) });
    } finally {
      if (!loadStopped) await stopLoad();
      // The site comes back: the supervisor starts both agents again, each from its own data.
      await target.release();
      if (siteLost && keepRunning) await waitForHealthy(target, 180_000).catch((error: unknown) => violations.push({ rule: 'the cluster is whole after the drill', detail: String(error) }));
    }

    const acknowledged = operations.filter((operation) => operation.outcome === 'acknowledged').length;
    const { atT, latest } = result;
    log('');
    log('step                                                  at (UTC)      s   ');
    for (const entry of rows) log(`${entry.step.padEnd(52)}  ${entry.at.slice(11, 19)}  ${seconds(entry.ms).padStart(6)}  ${entry.detail}`);
    log('');
    log(`checks: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`);
    for (const violation of violations.slice(0, 40)) log(`  ${violation.rule}: ${violation.detail}`);
    log(
      `drill: restore to T ready in ${seconds(atT?.readyMs)} s, to the latest point after the site's loss in ${seconds(latest?.readyMs)} s, ` +
        `RPO ${seconds(latest?.rpoMs)} s (archive_timeout ${ARCHIVE_TIMEOUT_SECONDS} s), ops acked ${acknowledged}, violations ${violations.length}`,
    );
    writeJson(reportFile, {
      date: new Date().toISOString(),
      loops: LOOPS,
      short,
      phasesSeconds: PHASES,
      archiveTimeoutSeconds: ARCHIVE_TIMEOUT_SECONDS,
      drillMs: Date.now() - drillStart,
      steps: rows,
      operations: operations.length,
      acknowledged,
      ...result,
      violations,
    });
    log(`report: ${reportFile}`);
    passed = violations.length === 0;
    return passed ? 0 : 1;
  } finally {
    await target.release();
    // A failed run leaves its copies to look at (cluster:down stops them).
    if (passed && !keep) for (const copy of copies) await dropRestore(state.dir, copy.name).catch((error: unknown) => log(`drop ${copy.name}: ${String(error)}`));
    else for (const copy of copies) log(`copy ${copy.name} kept: npm run restore -- --drop ${copy.name}`);
    await database.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
