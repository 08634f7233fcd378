// npm run bench:web: gzipped JavaScript of the first page ('/': entry + modulepreloads) against the
// 100 kB budget, and of every lazy chunk, from the production build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const BUDGET_KB = 100;
const dist = 'apps/web/dist';
buildIfStale({ quiet: true });

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(static\/js\/[^"]+\.js)"/g)].map((match) => match[1]);
const initialKb = initial.reduce((sum, file) => sum + gzipKb(file), 0);

console.log(`Web bundle, ${new Date().toISOString().slice(0, 10)}`);
console.log(`first page '/': ${initialKb.toFixed(1)} kB gzipped in ${initial.length} file(s) (budget ${BUDGET_KB} kB)`);
const chunks = readdirSync(path.join(dist, 'static/js'))
  .map((name) => `static/js/${name}`)
  .filter((file) => !initial.includes(file) && statSync(path.join(dist, file)).isFile())
  .map((file) => ({ file, kb: gzipKb(file) }))
  .sort((a, b) => b.kb - a.kb);
console.log('lazy chunks (gzipped):');
for (const { file, kb } of chunks) console.log(`  ${kb.toFixed(1).padStart(6)} kB  ${path.basename(file)}`);
process.exit(initialKb <= BUDGET_KB ? 0 : 1);
