// Where a server's CPU went, per request: a V8 .cpuprofile (`node --cpu-prof`) cut to the time a
// load ran, its self time summed by function and by package or module, divided by the requests
// answered meanwhile. The bundled server's own code is named through its source map, by the module
// it was written in. Also a command: `npx tsx bench/support/profile-summary.ts <profile> [windows.json]`
// (windows.json: bench:api's `[{ name, startUs, endUs, requests }]`; without it, the whole profile).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A span of the profile (µs of the monotonic clock, as process.hrtime gives them) and the requests answered in it. */
export interface ProfileWindow {
  name: string;
  startUs: number;
  endUs: number;
  requests: number;
}

export interface Cost {
  name: string;
  /** µs of CPU per request answered. */
  perRequestUs: number;
  /** Share of the window's CPU time. */
  share: number;
}

export interface ProfileSummary {
  window: ProfileWindow;
  /**
   * µs of the main thread per request, idle excluded. Wall time of the samples: on a busy machine
   * it includes the moments the thread waited for a core while it had work.
   */
  cpuPerRequestUs: number;
  /** Share of the window the main thread was not idle. */
  busyShare: number;
  byFunction: Cost[];
  byPackage: Cost[];
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** What a frame is: its place in the source (mapped back from the bundle) and the package or module it belongs to. */
interface Origin {
  where: string;
  group: string;
}

/** `@scope/name` or `name` after the last node_modules of a path, and the rest of the path. */
function packageOf(file: string): { name: string; rest: string } | null {
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  const length = parts[0]!.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, length).join('/'), rest: parts.slice(length).join('/') };
}

/** Our code's group: its module folder (`server: modules/auth`, `server: lib`, `contracts`). */
function ourGroup(relative: string): string {
  const server = /^apps\/server\/src\/(modules\/[^/]+|[^/]+)/.exec(relative);
  if (server) return `server: ${server[1]!.replace(/\.ts$/, '')}`;
  if (relative.startsWith('packages/contracts/')) return 'contracts';
  return relative;
}

class OriginResolver {
  private readonly maps = new Map<string, SourceMap | null>();

  private mapOf(file: string): SourceMap | null {
    if (!this.maps.has(file)) {
      let map: SourceMap | null = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        // A file without a map is named as it is.
      }
      this.maps.set(file, map);
    }
    return this.maps.get(file)!;
  }

  resolve(frame: CallFrame): Origin {
    const name = frame.functionName || '(anonymous)';
    if (frame.url === '') {
      // V8's own entries and native functions (builtins, bindings such as writev).
      if (name === '(garbage collector)') return { where: name, group: 'V8: garbage collector' };
      if (name === '(program)') return { where: name, group: 'V8: program (outside JavaScript functions)' };
      return { where: name, group: 'native (V8 builtins, bindings)' };
    }
    if (frame.url.startsWith('node:')) return { where: `${name} ${frame.url}`, group: 'node internals' };
    const file = frame.url.startsWith('file:') ? fileURLToPath(frame.url) : frame.url;
    const found = packageOf(file);
    if (found) return { where: `${name} ${found.name}/${found.rest}:${frame.lineNumber + 1}`, group: found.name };
    const entry = this.mapOf(file)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (entry && 'originalSource' in entry && entry.originalSource) {
      const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
      const inPackage = packageOf(source);
      if (inPackage) return { where: `${name} ${inPackage.name}/${inPackage.rest}:${entry.originalLine + 1}`, group: inPackage.name };
      const relative = path.relative(REPO_ROOT, source);
      return { where: `${name} ${relative}:${entry.originalLine + 1}`, group: ourGroup(relative) };
    }
    const relative = path.relative(REPO_ROOT, file);
    return { where: `${name} ${relative}:${frame.lineNumber + 1}`, group: ourGroup(relative) };
  }
}

function ranked(totals: Map<string, number>, cpuUs: number, requests: number): Cost[] {
  return [...totals]
    .map(([name, us]) => ({ name, perRequestUs: us / Math.max(1, requests), share: us / Math.max(1, cpuUs) }))
    .sort((a, b) => b.perRequestUs - a.perRequestUs);
}

/** The self time of the samples taken inside `window`, by function and by group, per request. */
export function summariseProfile(profile: CpuProfile, window: ProfileWindow): ProfileSummary {
  const resolver = new OriginResolver();
  const origins = new Map<number, Origin | 'idle'>();
  for (const node of profile.nodes) origins.set(node.id, node.callFrame.functionName === '(idle)' && node.callFrame.url === '' ? 'idle' : resolver.resolve(node.callFrame));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let cpuUs = 0;
  // A sample stands for the time until the next one (as DevTools counts it).
  let timestamp = profile.startTime;
  const times = profile.timeDeltas.map((delta) => (timestamp += delta));
  for (let index = 0; index < profile.samples.length; index += 1) {
    const at = times[index]!;
    if (at < window.startUs || at >= window.endUs) continue;
    const duration = (times[index + 1] ?? profile.endTime) - at;
    const origin = origins.get(profile.samples[index]!);
    if (!origin || origin === 'idle') continue;
    cpuUs += duration;
    byFunction.set(origin.where, (byFunction.get(origin.where) ?? 0) + duration);
    byPackage.set(origin.group, (byPackage.get(origin.group) ?? 0) + duration);
  }
  return {
    window,
    cpuPerRequestUs: cpuUs / Math.max(1, window.requests),
    busyShare: cpuUs / Math.max(1, window.endUs - window.startUs),
    byFunction: ranked(byFunction, cpuUs, window.requests),
    byPackage: ranked(byPackage, cpuUs, window.requests),
  };
}

/** The summary as lines of text: the totals, then the top `top` packages and functions. */
export function formatSummary(summary: ProfileSummary, top = 15): string[] {
  const { window } = summary;
  const row = (cost: Cost) => `  ${cost.perRequestUs.toFixed(1).padStart(7)} µs  ${(cost.share * 100).toFixed(1).padStart(5)} %  ${cost.name}`;
  return [
    `${window.name}: ${window.requests} requests in ${((window.endUs - window.startUs) / 1e6).toFixed(1)} s, ` +
      `${summary.cpuPerRequestUs.toFixed(0)} µs of the server's main thread per request, not idle ${(summary.busyShare * 100).toFixed(0)} % of the time`,
    ' by package or module (self time per request, share):',
    ...summary.byPackage.slice(0, top).map(row),
    ' by function:',
    ...summary.byFunction.slice(0, top).map(row),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [profileFile, windowsFile] = process.argv.slice(2);
  if (!profileFile) {
    console.error('usage: tsx bench/support/profile-summary.ts <profile.cpuprofile> [windows.json]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const windows: ProfileWindow[] = windowsFile
    ? (JSON.parse(readFileSync(windowsFile, 'utf8')) as ProfileWindow[])
    : [{ name: 'whole profile', startUs: profile.startTime, endUs: profile.endTime, requests: 1 }];
  for (const window of windows) process.stdout.write(`${formatSummary(summariseProfile(profile, window), 25).join('\n')}\n\n`);
}

/**
 * What a bench prints of the server's profile (`BENCH_PROFILE=1`): where the profile and its windows
 * are kept, and per run where the main thread's time went per request. The windows are written beside
 * the profile, for this file's command line to read again.
 */
export function profileReport(profileDir: string, windows: readonly ProfileWindow[], repositoryRoot: string): string[] {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`The server wrote no profile into ${profileDir}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(windows, null, 2));
  const lines = ['', `profile: ${path.relative(repositoryRoot, path.join(profileDir, file))} (npx tsx bench/support/profile-summary.ts <profile> ${path.relative(repositoryRoot, path.join(profileDir, 'windows.json'))})`];
  for (const window of windows) lines.push('', ...formatSummary(summariseProfile(profile, window)));
  return lines;
}
