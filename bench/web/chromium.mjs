// Debian's Chromium (or $CHROME_PATH), headless, with its DevTools port open so Lighthouse and
// Playwright drive the same browser. Never a downloaded browser: the audit sees the engine the
// end-to-end tests use.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function launchChromium() {
  const executable = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(executable)) {
    throw new Error(`No Chromium at ${executable}: install it with "apt-get install -y chromium" or set CHROME_PATH.`);
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'bank-bench-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--mute-audio',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${errors}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(errors);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${errors}`));
    });
  });
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}
