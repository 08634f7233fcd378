// Builds the web app and the server when their outputs are missing or older than their sources.
// Each build writes into a fresh folder that then replaces the old one, so a server already
// serving the previous build never sees a half-written one.
import { execSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { SERVER_OUTPUT, SERVER_SOURCES, WEB_OUTPUT, WEB_SOURCES, isStale } from './freshness.mjs';

function swapInto(target, fresh) {
  const old = `${target}.old-${process.pid}`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}

export function buildIfStale({ quiet = false } = {}) {
  const stdio = quiet ? 'pipe' : 'inherit';
  if (isStale(WEB_OUTPUT, WEB_SOURCES)) {
    if (!quiet) console.warn('Building the web app…');
    const fresh = `dist.build-${process.pid}`;
    // Warnings only, then the config's one-line summary instead of Vite's table of every file.
    execSync(`npx vite build --logLevel warn --outDir ${fresh} --emptyOutDir`, { stdio, cwd: 'apps/web' });
    swapInto('apps/web/dist', `apps/web/${fresh}`);
  }
  if (isStale(SERVER_OUTPUT, SERVER_SOURCES)) {
    if (!quiet) console.warn('Building the server…');
    const fresh = `apps/server/dist.build-${process.pid}`;
    execSync(`node scripts/build-server.mjs ${fresh}`, { stdio });
    swapInto('apps/server/dist', fresh);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
