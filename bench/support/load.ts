// bench:api's load generator, in a process of its own so that it takes no CPU from the server it
// measures: `node --import tsx bench/support/load.ts '<LoadSpec as JSON>'`. It runs autocannon
// once and prints its figures and its own CPU time as one JSON line; a transfers' load also writes the Idempotency-Keys
// answered 200, one a line, to `answeredFile`, for the bench's checks after the runs (a card
// network's load, bench:cards', what its authorisations were answered to `outcomesFile`).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { CardNetworkFile } from './card-authorizations';
import { measured, pick, transferRequests, type BenchClient, type Measured } from './transfers';

export type LoadSpec = {
  url: string;
  connections: number;
  seconds: number;
} & (
  | { kind: 'get' }
  /** GETs signed in as a random client each. */
  | { kind: 'signed-get'; clientsFile: string }
  | { kind: 'transfers'; clientsFile: string; hotShare: number; answeredFile: string }
  /** bench:cards: the card network's signed authorisations of random cards (card-authorizations.ts); what they were answered goes to `outcomesFile`. */
  | { kind: 'card-authorizations'; cardsFile: string; outcomesFile: string }
);

const readClients = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BenchClient[];

/** A load's figures, and the CPU seconds the load generator spent generating it. */
export interface LoadResult {
  figure: Measured;
  cpuSeconds: number;
}

async function generate(spec: LoadSpec): Promise<Measured> {
  const options = { url: spec.url, connections: spec.connections, duration: spec.seconds };
  if (spec.kind === 'get') return measured(await autocannon(options));
  if (spec.kind === 'card-authorizations') {
    // Loaded only here: the other loads' processes start as they did, without the contracts' schemas.
    const { authorizationRequests, emptyOutcomes } = await import('./card-authorizations');
    const outcomes = emptyOutcomes();
    const network = JSON.parse(readFileSync(spec.cardsFile, 'utf8')) as CardNetworkFile;
    const figure = measured(await autocannon({ ...options, requests: authorizationRequests(network, outcomes) }));
    writeFileSync(spec.outcomesFile, JSON.stringify(outcomes));
    return figure;
  }
  const clients = readClients(spec.clientsFile);
  if (spec.kind === 'signed-get') {
    return measured(await autocannon({ ...options, requests: [{ setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${pick(clients).token}` } }) }] }));
  }
  const answered = new Set<string>();
  const figure = measured(await autocannon({ ...options, requests: transferRequests(clients, spec.hotShare, answered) }));
  writeFileSync(spec.answeredFile, [...answered].join('\n'));
  return figure;
}

/** Runs one load in a child process and answers its figures. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The load generator exited with ${code}:\n${output}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').pop()!) as LoadResult);
      } catch {
        reject(new Error(`The load generator printed no figures:\n${output}`));
      }
    });
  });
}

/** The keys a transfers' load saw answered 200. */
export function readAnswered(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = process.cpuUsage();
  generate(JSON.parse(process.argv[2]!) as LoadSpec)
    .then((figure) => {
      const used = process.cpuUsage(started);
      const result: LoadResult = { figure, cpuSeconds: (used.user + used.system) / 1e6 };
      process.stdout.write(`${JSON.stringify(result)}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
