// A client that sends its request a byte at a time is cut off once the request's time is up,
// rather than holding its socket for as long as it keeps dribbling.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

const TIMEOUTS = { headersMs: 800, requestMs: 1_500, idleMs: 10_000, checkEveryMs: 200 };
/** Far longer than the bounds above: the server must give up long before the client does. */
const DRIBBLE_BYTES = 60;
const BYTE_EVERY_MS = 250;

let context: TestContext;
let port: number;

beforeAll(async () => {
  context = await createTestContext({}, { timeouts: TIMEOUTS });
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  port = (context.app.server.address() as { port: number }).port;
});
afterAll(() => context?.close());

/** Sends `head` at once, then `dribble` a byte at a time; answers what came back and how many bytes were sent before the end. */
function dribble(head: string, dribble: string): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      resolve({ answer, sent });
    };
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish() : reject(error)));
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent === dribble.length) {
          clearInterval(timer);
          return;
        }
        if (!socket.destroyed) socket.write(dribble[sent]!);
        sent += 1;
      }, BYTE_EVERY_MS);
    });
  });
}

describe('slow requests', () => {
  it('cuts a body sent a byte at a time', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(DRIBBLE_BYTES) });
    const head = `POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, sent } = await dribble(head, body);
    expect(sent).toBeLessThan(body.length);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts headers sent a byte at a time', async () => {
    const { sent } = await dribble('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', `X-Slow: ${'y'.repeat(DRIBBLE_BYTES)}\r\n\r\n`);
    expect(sent).toBeLessThan(DRIBBLE_BYTES);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
