// npm start: builds what is missing, then runs the server (which migrates and seeds an empty database).
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-process.mjs';

buildIfStale();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
