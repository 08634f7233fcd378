// Who used the machine's CPU during a run (Linux, /proc): the server, the load generator, the
// PostgreSQL backends serving the run's database, PostgreSQL's shared processes (WAL writer,
// checkpointer…), and everything else (other databases' backends among it), so a figure measured
// on a shared machine says how much of the cores it had.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks of CPU time (user + system) so far: the machine's, and each counted process's. */
export interface CpuSnapshot {
  /** All cores, busy (not idle or waiting for I/O). */
  busy: number;
  /** All cores, in all. */
  total: number;
  /** Each counted process by id: the group it counts in, and its ticks. */
  processes: Map<number, { group: string; ticks: number }>;
}

const RUN_BACKENDS = "PostgreSQL's backends of this run";
const SHARED_POSTGRES = "PostgreSQL's shared processes";

function processTicks(pid: number): { command: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
    return { command: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    // Ended meanwhile.
    return null;
  }
}

/** A PostgreSQL process's title: `postgres: 15/main: <user> <database> <address> <state>` for a backend. */
function titleOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The ticks so far; `named` maps a name to process ids whose ticks are summed under it, `database`
 * the database whose backends count as the run's PostgreSQL.
 */
export function cpuSnapshot(named: Record<string, readonly number[]>, database?: string): CpuSnapshot {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = cpu;
  const processes = new Map<number, { group: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const found = processTicks(pid);
    if (found?.command !== 'postgres') continue;
    const title = titleOf(pid);
    // A backend's title names its client's address, as 127.0.0.1(50546) or [local].
    const backend = /\(\d+\)|\[local\]/.test(title);
    if (!backend) processes.set(pid, { group: SHARED_POSTGRES, ticks: found.ticks });
    else if (database && title.includes(` ${database} `)) processes.set(pid, { group: RUN_BACKENDS, ticks: found.ticks });
  }
  for (const [group, pids] of Object.entries(named)) {
    for (const pid of pids) {
      const found = processTicks(pid);
      if (found) processes.set(pid, { group, ticks: found.ticks });
    }
  }
  return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal, processes };
}

/** /proc's clock ticks per second (USER_HZ), 100 on Linux's usual builds. */
const TICKS_PER_SECOND = 100;

/**
 * The cores' use between two snapshots, in cores (2.0 = two cores busy all the time): each group,
 * everything else, and idle. A process counts from 0 if it started after `before`; one that ended
 * before `after` is not counted. `measured` adds CPU seconds a process reported of itself (one that
 * has ended by `after`, such as the load generator).
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, measured: Record<string, number> = {}): string {
  const cores = os.cpus().length;
  const totalTicks = Math.max(1, after.total - before.total);
  const inCores = (ticks: number) => (ticks / totalTicks) * cores;
  const groups = new Map<string, number>();
  for (const [pid, { group, ticks }] of after.processes) groups.set(group, (groups.get(group) ?? 0) + ticks - (before.processes.get(pid)?.ticks ?? 0));
  for (const [name, seconds] of Object.entries(measured)) groups.set(name, (groups.get(name) ?? 0) + seconds * TICKS_PER_SECOND);
  const ordered = [...groups].sort(([a], [b]) => Number(a.startsWith('PostgreSQL')) - Number(b.startsWith('PostgreSQL')));
  const ours = ordered.reduce((sum, [, ticks]) => sum + ticks, 0);
  const busy = after.busy - before.busy;
  return [
    ...ordered.map(([name, ticks]) => `${name} ${inCores(ticks).toFixed(2)}`),
    `other work ${inCores(Math.max(0, busy - ours)).toFixed(2)}`,
    `idle ${inCores(totalTicks - busy).toFixed(2)}`,
  ].join(', ');
}
