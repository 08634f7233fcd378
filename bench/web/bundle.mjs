// Gzipped JavaScript of the production build: the first page ('/': entry + modulepreloads, and
// the chunks the entry itself imports as it starts, i18next's and React Router's) and every lazy
// chunk. A size read from the files, independent of any browser or network.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipKb = (dist, file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

export function bundleSizes(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/(?:src|href)="\/(static\/js\/[^"]+\.js)"/g)].map((match) => match[1]);
  // The entry (src/main.tsx) imports no route: what it imports by itself, it needs to start.
  const imported = linked.flatMap((file) => [...readFileSync(path.join(dist, file), 'utf8').matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((match) => `static/js/${match[1]}`));
  const initial = [...new Set([...linked, ...imported])];
  const initialKb = initial.reduce((sum, file) => sum + gzipKb(dist, file), 0);
  // The build writes .br and .gz copies beside each file; only the .js files themselves count.
  const lazy = readdirSync(path.join(dist, 'static/js'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `static/js/${name}`)
    .filter((file) => !initial.includes(file) && statSync(path.join(dist, file)).isFile())
    .map((file) => ({ file: path.basename(file), kb: gzipKb(dist, file) }))
    .sort((a, b) => b.kb - a.kb);
  return { initial, initialKb, lazy };
}
