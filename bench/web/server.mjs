// The production server as `npm start` runs it (scripts/start.mjs), on a free loopback port with its
// own embedded database in a temporary folder and the demo clients seeded. Mail goes to the
// development outbox, which prints each mail: sign-in codes are read from the server's output.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_FLAGS, freePort, waitForHealth } from '../../scripts/server-process.mjs';

export async function startServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      APP_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await waitForHealth(baseUrl, child, () => output, { timeoutMs: 90_000 });

  return {
    baseUrl,
    /** The newest 6-digit code mailed to `email` after `since` characters of output. */
    async mailedCode(email, since, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      const header = `--- mail to ${email}`;
      while (Date.now() < deadline) {
        const mail = output.slice(since).split(header).slice(1).pop();
        const code = mail && /\b(\d{6})\b/.exec(mail.split('\n---\n')[0])?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No code mailed to ${email} within ${timeoutMs} ms`);
    },
    outputLength: () => output.length,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
