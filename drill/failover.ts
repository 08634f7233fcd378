// The failover drill (`npm run drill:failover`): brings the cluster up (unless it runs already),
// runs DRILL_LOOPS client loops (default 16) of transfers and exchanges through HAProxy, each with an
// Idempotency-Key and retried with the same key on time-outs, refused connections and 5xx, and
// meanwhile kills the leader's postmaster alone, kills the leader's node (agent and postmaster
// together, held down until the standby has taken over, then rejoining as a standby), kills an API
// process and makes planned switchovers. Afterwards the fault suite's checks; a table per step (write
// outage, reads served while the leader was down), a summary line and a JSON report in
// CLUSTER_DIR/drill-report.json (or --report <path>). Exit 1 on any violation. `--short`: about 60 s
// and one leader-node kill. The cluster is brought down at the end only if the drill started it.
// With DRILL_URL set it acts on a cluster on other machines instead (drill/remote.ts). Before the
// load it checks the local cluster's monitoring: every Prometheus target up and each API process's
// /metrics answering, a violation otherwise.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db';
import type { Member } from '../cluster/patroni';
import { CLUSTER_DIR, readState, writeJson, type ClusterState } from '../cluster/config';
import { createClients } from '../faults/bank';
import { checkAfterFaults, type Violation } from '../faults/checks';
import { clientLoop, type Operation } from '../faults/load';
import { members, switchover, waitForHealthy, waitForLeader } from './faults';
import { localTarget, withLocalCluster } from './local';
import { countBetween, longestGap, startReadLoop } from './outage';
import { isRemote, remoteTarget } from './remote';
import { checkStandingOrders, makeDueStandingOrders, offerDueWork, type DueStandingOrders } from './standing-orders';
import type { DrillTarget } from './target';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const reportIndex = argv.indexOf('--report');
const reportFile = reportIndex >= 0 && argv[reportIndex + 1] ? path.resolve(argv[reportIndex + 1]!) : path.join(CLUSTER_DIR, 'drill-report.json');
const LOOPS = Number(process.env.DRILL_LOOPS ?? 16);
/** The least time the load runs; the steps may take longer, and the load runs until they are done. */
const SECONDS = Number(process.env.DRILL_SECONDS ?? (short ? 60 : 240));
/** The failover targets docs/benchmarks.md records against. */
const LIMIT_NODE_DEATH_MS = 15_000;
const LIMIT_SWITCHOVER_MS = 3_000;

type StepKind = 'postmaster-kill' | 'node-death' | 'api-kill' | 'switchover';
interface Step {
  name: string;
  kind: StepKind;
  at: string;
  startMs: number;
  endMs: number;
  leaderBefore: string | null;
  leaderAfter: string | null;
  /** Whether the leader changed (a failover or switchover). */
  failover: boolean;
  /** When the cluster had recovered from the fault: a leader (a new one after a failover) serving again. */
  recoveredMs: number;
  /** From the fault until writes were back: the end of the longest gap in acknowledged writes that began before the recovery. */
  leaderDownMs: number;
  /** That gap's length. */
  writeOutageMs: number;
  /** The longest gap in acknowledged writes anywhere in the step, the standby's rejoin and the calm after it included. */
  longestPauseMs: number;
  readsWhileLeaderDown: number;
  /** A node-death step: from the revival of the dead node until it streams again as the synchronous standby. */
  rejoinMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : (ms / 1000).toFixed(2));

async function main(): Promise<number> {
  // DRILL_URL and the rest of drill/remote.ts's variables: a cluster on other machines, left running.
  const remote = isRemote(process.env);
  return withLocalCluster(() => drill(remote ? remoteTarget(process.env) : localTarget(readState() as ClusterState)), log, !remote);
}

async function drill(target: DrillTarget): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-drill-'));
  const database = await openDatabase({ databaseUrl: target.writeUrl, dataDir, poolSize: 4, onConnectionLost: () => undefined });
  const baseUrl = target.url;
  const violations: Violation[] = [];
  const steps: Step[] = [];
  try {
    await waitForHealthy(target, 120_000);
    // Every Prometheus target up (within a minute) and every API process's /metrics answering.
    for (const problem of (await target.monitoringProblems?.()) ?? []) violations.push({ rule: 'the monitoring sees the whole cluster', detail: problem });
    log(`drill: ${target.description}, ${LOOPS} client loops through ${baseUrl}, at least ${SECONDS} s${short ? ' (short)' : ''}`);
    const clients = await createClients(database.db, target.secret, baseUrl, LOOPS);

    const reads = startReadLoop(target.readUrl);
    const loadUntil = Date.now() + SECONDS * 1000;
    let stepsDone = false;
    // Each loop runs the fault suite's client loop in 5 s rounds until the steps are done and the
    // least time has passed.
    const loops = clients.map(async (client) => {
      const operations: Operation[] = [];
      const others = clients.filter((other) => other !== client);
      while (!stepsDone || Date.now() < loadUntil) operations.push(...(await clientLoop(baseUrl, client, others, Date.now() + 5_000)));
      return operations;
    });

    const step = async (name: string, kind: StepKind, act: (leader: Member) => Promise<void>, after: (leader: Member) => Promise<void>) => {
      const leader = await waitForLeader(target, 30_000);
      const leaderBefore = leader.name;
      const startMs = Date.now();
      log(`  ${new Date(startMs).toISOString()} ${name} (leader ${leaderBefore})`);
      await act(leader);
      const entry: Step = { name, kind, at: new Date(startMs).toISOString(), startMs, endMs: 0, recoveredMs: 0, leaderBefore, leaderAfter: null, failover: false, leaderDownMs: 0, writeOutageMs: 0, longestPauseMs: 0, readsWhileLeaderDown: 0 };
      steps.push(entry);
      await after(leader);
      await waitForHealthy(target, 180_000);
      entry.recoveredMs ||= Date.now();
      entry.leaderAfter = (await waitForLeader(target, 30_000)).name;
      entry.failover = entry.leaderAfter !== leaderBefore;
      // Some calm load before the next step.
      await sleep(8_000);
      entry.endMs = Date.now();
    };
    const other = async (leader: Member) => {
      const candidate = (await members(target)).find((member) => member.name !== leader.name && member.role === 'sync_standby');
      if (!candidate) throw new Error(`no synchronous standby to switch over to from ${leader.name}`);
      return candidate.name;
    };
    // Standing orders fall due as the first leader dies: made just before, each with an occurrence
    // due today, whose runs the API nodes' job workers take during the failover.
    const orderClients = await createClients(database.db, target.secret, baseUrl, 2);
    let dueOrders: DueStandingOrders | null = null;
    const nodeDeath = (name: string) =>
      step(name, 'node-death', async (leader) => {
        if (!dueOrders) {
          dueOrders = await makeDueStandingOrders(baseUrl, orderClients[0]!, orderClients[1]!, 12);
          await offerDueWork(database.db);
        }
        await target.killNode(leader.name, leader.host);
      }, async (leader) => {
        // The machine stays dead until the standby has taken over and writes go through again.
        await waitForLeader(target, 60_000, leader.name);
        steps.at(-1)!.recoveredMs = Date.now();
        await sleep(3_000);
        const revivedAt = Date.now();
        await target.reviveNode(leader.name, leader.host);
        await waitForHealthy(target, 180_000);
        steps.at(-1)!.rejoinMs = Date.now() - revivedAt;
      });
    const plannedSwitchover = (name: string) =>
      step(name, 'switchover', async (leader) => switchover(target, leader.name, await other(leader)), async (leader) => {
        await waitForLeader(target, 30_000, leader.name);
        steps.at(-1)!.recoveredMs = Date.now();
      });

    try {
      await sleep(8_000);
      if (short) {
        await nodeDeath('leader node dies (agent + postmaster SIGKILL), rejoins');
      } else {
        await step('leader postmaster SIGKILL (restarted in place)', 'postmaster-kill', (leader) => target.killPostmaster(leader.name, leader.host), async () => undefined);
        await nodeDeath('leader node dies (agent + postmaster SIGKILL), rejoins');
        await step('API process SIGKILL', 'api-kill', () => target.killApi(), async () => undefined);
        await plannedSwitchover('planned switchover');
        await nodeDeath('leader node dies again, rejoins');
        await plannedSwitchover('planned switchover back');
      }
    } catch (error) {
      violations.push({ rule: 'the drill ran every step', detail: error instanceof Error ? error.message : String(error) });
      await target.release();
    } finally {
      stepsDone = true;
    }
    const operations = (await Promise.all(loops)).flat();
    await reads.stop();

    const acks = operations.flatMap((operation) => (operation.acknowledgedAt ? [operation.acknowledgedAt] : [])).sort((a, b) => a - b);
    for (const entry of steps) {
      entry.endMs ||= Date.now();
      const gap = longestGap(acks, entry.startMs, entry.endMs, entry.recoveredMs || entry.endMs);
      entry.longestPauseMs = longestGap(acks, entry.startMs, entry.endMs).ms;
      entry.writeOutageMs = gap.ms;
      entry.leaderDownMs = gap.endedAt - entry.startMs;
      entry.readsWhileLeaderDown = countBetween(reads.successes, entry.startMs, gap.endedAt);
    }

    await waitForHealthy(target, 120_000).catch((error: unknown) => violations.push({ rule: 'the cluster is whole after the drill', detail: String(error) }));
    violations.push(...(await checkAfterFaults(database.db, baseUrl, clients, operations)));
    if (dueOrders) violations.push(...(await checkStandingOrders(database.db, dueOrders)));
    else violations.push({ rule: 'each standing order occurrence is booked exactly once', detail: 'no standing orders were made' });

    const acknowledged = operations.filter((operation) => operation.outcome === 'acknowledged').length;
    const unknown = operations.filter((operation) => operation.outcome === 'unknown').length;
    const lost = violations.filter((violation) => violation.rule === 'every acknowledged operation is applied exactly once').length;
    const twice = violations.filter((violation) => violation.rule === 'no operation is applied twice').length;
    const failovers = steps.filter((entry) => entry.failover).length;
    const worst = (kind: StepKind) => {
      const outages = steps.filter((entry) => entry.kind === kind).map((entry) => entry.writeOutageMs);
      return outages.length === 0 ? null : Math.max(...outages);
    };
    const longest = Math.max(0, ...steps.map((entry) => entry.writeOutageMs));
    const leaderDownReads = steps.filter((entry) => entry.kind === 'node-death' || entry.kind === 'postmaster-kill').reduce((sum, entry) => sum + entry.readsWhileLeaderDown, 0);
    const within = (kind: StepKind, limitMs: number) => (worst(kind) === null ? null : worst(kind)! <= limitMs);
    const measures = {
      writesAfterNodeDeathWithin15s: within('node-death', LIMIT_NODE_DEATH_MS),
      writesAfterSwitchoverWithin3s: within('switchover', LIMIT_SWITCHOVER_MS),
      readsWhileLeaderDown: leaderDownReads > 0,
      // The short run makes one failover by design.
      atLeast3Failovers: short ? null : failovers >= 3,
    };

    log('');
    log('step                                                   at (UTC)   leader     failover  writes back s  write outage s  longest pause s  reads  rejoin s');
    for (const entry of steps) {
      log(
        `${entry.name.padEnd(54)} ${entry.at.slice(11, 19)}   ${`${entry.leaderBefore}→${entry.leaderAfter}`.padEnd(9)}  ${String(entry.failover).padEnd(8)}  ` +
          `${seconds(entry.leaderDownMs).padStart(13)}  ${seconds(entry.writeOutageMs).padStart(14)}  ${seconds(entry.longestPauseMs).padStart(15)}  ${String(entry.readsWhileLeaderDown).padStart(5)}  ${entry.rejoinMs === undefined ? '' : seconds(entry.rejoinMs).padStart(8)}`,
      );
    }
    log('');
    log(`checks: ${violations.length === 0 ? 'every invariant holds' : `${violations.length} violations`}`);
    for (const violation of violations.slice(0, 40)) log(`  ${violation.rule}: ${violation.detail}`);
    log(`measures: ${Object.entries(measures).map(([name, ok]) => `${name} ${ok === null ? 'not measured' : ok ? 'yes' : 'NO'}`).join(', ')}`);
    log(`longest write outage ${seconds(longest)} s; reads served while the leader was down: ${leaderDownReads} (read failures over the whole run: ${reads.failures})`);
    log(
      `drill: ${failovers} failovers, longest write outage ${seconds(longest)} s (after leader node death ${seconds(worst('node-death'))} s, after switchover ${seconds(worst('switchover'))} s), ` +
        `${leaderDownReads} reads during leader outage, ops acked ${acknowledged}, lost ${lost}, twice ${twice}, violations ${violations.length}`,
    );
    writeJson(reportFile, {
      date: new Date().toISOString(),
      loops: LOOPS,
      seconds: SECONDS,
      short,
      steps,
      failovers,
      longestWriteOutageMs: longest,
      longestWriteOutageAfterNodeDeathMs: worst('node-death'),
      longestWriteOutageAfterSwitchoverMs: worst('switchover'),
      readsWhileLeaderDown: leaderDownReads,
      readFailures: reads.failures,
      operations: operations.length,
      acknowledged,
      unknown,
      retried: operations.filter((operation) => operation.attempts > 1).length,
      lost,
      twice,
      violations,
      measures,
    });
    log(`report: ${reportFile}`);
    return violations.length === 0 ? 0 : 1;
  } finally {
    await target.release();
    await database.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
