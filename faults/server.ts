import { spawn, type ChildProcess } from 'node:child_process';
import { waitForHealth } from '../scripts/server-process.mjs';

/**
 * The production build of the server as a process of its own, which the fault suite SIGKILLs and
 * starts again on the same port, database and secret, as a supervisor would after a crash.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private output = '';
  kills = 0;
  readonly baseUrl: string;

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** Starts the server and waits until it listens (its health may still say the database is away). */
  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (this.output = (this.output + chunk).slice(-20_000)));
    child.stderr?.on('data', (chunk) => (this.output = (this.output + chunk).slice(-20_000)));
    this.child = child;
    await waitForHealth(this.baseUrl, child, () => this.output, { acceptUnavailable: true });
  }

  /** Whether the process ended on its own (the fault this suite exists to catch). */
  get crashed(): boolean {
    return this.child !== null && this.child.exitCode !== null && this.child.signalCode !== 'SIGKILL';
  }

  get lastOutput(): string {
    return this.output;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.kills += 1;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
