// Builds the web app and the server when their outputs are missing or older than their sources.
import { execSync } from 'node:child_process';
import { SERVER_OUTPUT, SERVER_SOURCES, WEB_OUTPUT, WEB_SOURCES, isStale } from './freshness.mjs';

export function buildIfStale({ quiet = false } = {}) {
  const stdio = quiet ? 'pipe' : 'inherit';
  if (isStale(WEB_OUTPUT, WEB_SOURCES)) {
    if (!quiet) console.warn('Building the web app…');
    execSync('npm run build -w @bank/web', { stdio });
  }
  if (isStale(SERVER_OUTPUT, SERVER_SOURCES)) {
    if (!quiet) console.warn('Building the server…');
    execSync('node scripts/build-server.mjs', { stdio });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
