// npm start: builds what is missing, then runs the server (which migrates and seeds an empty database).
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
// A bounded heap makes the collector run before memory grows far: a streamed million-row CSV export
// then stays within tens of megabytes instead of growing towards a default sized from the machine.
const server = spawn(process.execPath, ['--enable-source-maps', '--max-old-space-size=512', 'apps/server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
