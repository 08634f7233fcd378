// Who used the machine's CPU during a run (Linux, /proc): the server, the load generator,
// PostgreSQL's processes, and everything else, so a figure measured on a shared machine says how
// much of the cores it had.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Clock ticks of CPU time (user + system) so far, by who used them. */
export interface CpuSnapshot {
  /** All cores, busy (not idle or waiting for I/O). */
  busy: number;
  /** All cores, in all. */
  total: number;
  /** Processes named by the caller, by name. */
  named: Record<string, number>;
  /** Every process whose command is postgres (the server and its backends). */
  postgres: number;
}

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

/** The ticks so far; `named` maps a name to process ids whose ticks are summed under it. */
export function cpuSnapshot(named: Record<string, readonly number[]>): CpuSnapshot {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = cpu;
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const found = processTicks(Number(entry));
    if (found?.command === 'postgres') postgres += found.ticks;
  }
  const namedTicks: Record<string, number> = {};
  for (const [name, pids] of Object.entries(named)) namedTicks[name] = pids.reduce((sum, pid) => sum + (processTicks(pid)?.ticks ?? 0), 0);
  return { busy: user + nice + system + irq + softirq + steal, total: user + nice + system + idle + iowait + irq + softirq + steal, named: namedTicks, postgres };
}

/** /proc's clock ticks per second (USER_HZ), 100 on Linux's usual builds. */
const TICKS_PER_SECOND = 100;

/**
 * The cores' use between two snapshots, in cores (2.0 = two cores busy all the time): each named
 * group, PostgreSQL, everything else, and idle. `measured` adds CPU seconds a process reported of
 * itself (one that has ended by `after`, such as the load generator).
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot, measured: Record<string, number> = {}): string {
  const cores = os.cpus().length;
  const totalTicks = Math.max(1, after.total - before.total);
  const inCores = (ticks: number) => (ticks / totalTicks) * cores;
  const parts = [
    ...Object.keys(after.named).map((name) => [name, after.named[name]! - (before.named[name] ?? 0)] as const),
    ...Object.entries(measured).map(([name, seconds]) => [name, seconds * TICKS_PER_SECOND] as const),
  ];
  const postgres = after.postgres - before.postgres;
  const ours = parts.reduce((sum, [, ticks]) => sum + ticks, 0) + postgres;
  const busy = after.busy - before.busy;
  return [
    ...parts.map(([name, ticks]) => `${name} ${inCores(ticks).toFixed(2)}`),
    `PostgreSQL ${inCores(postgres).toFixed(2)}`,
    `other work ${inCores(Math.max(0, busy - ours)).toFixed(2)}`,
    `idle ${inCores(totalTicks - busy).toFixed(2)}`,
  ].join(', ');
}
