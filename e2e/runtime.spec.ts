// Proves the runtime contract of `npm start`'s server: it serves on PostgreSQL when DATABASE_URL is
// set, keeps the embedded database across restarts, and on SIGTERM finishes and exits with 0.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack } from './support/stack';

/** How the process ended: its exit code, or the signal that ended it. */
async function waitForExit(child: ReturnType<typeof spawn>): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode;
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start banner:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, listening, output: () => output };
}

describe('embedded database', () => {
  const directories: string[] = [];
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it('prints the demo sign-ins, keeps data across a restart and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bank-runtime-'));
    directories.push(dataDir);
    const first = startServer({ PORT: '0', DATA_DIR: dataDir });
    const url = await first.listening;
    expect(first.output()).toContain('demo@bank.example / DemoBank2024');
    expect(first.output()).toContain('operator@bank.example / OperatorBank2024');
    expect(first.output()).toContain('Demo data was seeded');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect({ ended: await waitForExit(first.child), output: first.output() }).toMatchObject({ ended: 0 });

    const second = startServer({ PORT: '0', DATA_DIR: dataDir });
    await second.listening;
    // The second start finds the seeded clients and does not seed again.
    expect(second.output()).not.toContain('Demo data was seeded');
    second.child.kill('SIGTERM');
    expect({ ended: await waitForExit(second.child), output: second.output() }).toMatchObject({ ended: 0 });
  });

  it('stops with one line naming a bad variable', async () => {
    const bad = startServer({ PORT: 'not-a-port' });
    await expect(bad.listening).rejects.toThrow(/Invalid configuration: PORT/);
    expect(await waitForExit(bad.child)).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  it('serves the web app and the health check with DATABASE_URL', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `bank_e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const stack = await startStack({ env: { DATABASE_URL: url.toString() } });
    try {
      const health = await (await fetch(`${stack.baseUrl}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', database: { kind: 'postgres', ready: true } });
      const { page, problems } = await stack.newPage();
      await page.goto('/');
      await page.getByRole('group', { name: 'Language' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await stack.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
