// Helpers for the harnesses that run the production build of the server as a process of its own
// (end-to-end specs, the fault suite, bench:web): a free loopback port, and waiting for it to answer.
import { createServer } from 'node:net';

/**
 * How `npm start` runs the production build. A bounded heap makes the collector run before memory
 * grows far: a streamed million-row CSV export then stays within tens of megabytes instead of
 * growing towards a default sized from the machine.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=512'];
export const SERVER_ENTRY = 'apps/server/dist/main.js';

/** A loopback port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server at `baseUrl` answers its health check: 200, or also 503 with
 * `acceptUnavailable` (listening while its database is away). Fails at once if the process ends.
 */
export async function waitForHealth(baseUrl, child, output, { timeoutMs = 60_000, acceptUnavailable = false } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output()}`);
    try {
      const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok || (acceptUnavailable && answer.status === 503)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}
