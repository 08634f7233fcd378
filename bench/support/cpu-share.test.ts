import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuShares, type CpuSnapshot } from './cpu-share';

const backends = "PostgreSQL's backends of this run";

describe('who used the cores during a run', () => {
  it("counts each process from its own ticks, a new one from 0 and an ended one not at all, the rest as other work", () => {
    const before: CpuSnapshot = {
      busy: 100,
      total: 400,
      processes: new Map([
        [1, { group: 'server', ticks: 10 }],
        [2, { group: backends, ticks: 5 }],
        [3, { group: backends, ticks: 7 }],
      ]),
    };
    const after: CpuSnapshot = {
      busy: 300,
      total: 800,
      processes: new Map([
        [1, { group: 'server', ticks: 60 }],
        [2, { group: backends, ticks: 45 }],
        [4, { group: backends, ticks: 20 }],
      ]),
    };
    // 400 ticks over all cores: the server 50, the load generator 0.3 s (30 ticks), the backends
    // 40 + 20, other work 200 busy − 140 ours, idle 200.
    const cores = os.cpus().length;
    const inCores = (ticks: number) => ((ticks / 400) * cores).toFixed(2);
    expect(cpuShares(before, after, { 'load generator': 0.3 })).toBe(
      `server ${inCores(50)}, load generator ${inCores(30)}, ${backends} ${inCores(60)}, other work ${inCores(60)}, idle ${inCores(200)}`,
    );
  });
});
