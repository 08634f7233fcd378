// Proves rate-limit counters live in the database: two app instances on one database share them,
// routes count apart, and a window that has passed starts again.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestContext, type TestContext } from './harness';

let context: TestContext;
let second: FastifyInstance;
const limited = (app: FastifyInstance) => {
  app.get('/api/test/limited-a', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  app.get('/api/test/limited-b', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({ ok: true }));
};

beforeAll(async () => {
  context = await createTestContext({}, { beforeReady: limited });
  // A second server on the same database, as behind a load balancer.
  second = await buildApp(context.deps, { webDist: null });
  limited(second);
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await context.close();
});

it('shares counters between servers, per route', async () => {
  const statuses: number[] = [];
  for (const app of [context.app, second, context.app, second]) {
    statuses.push((await app.inject({ method: 'GET', url: '/api/test/limited-a' })).statusCode);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  const refused = await context.app.inject({ method: 'GET', url: '/api/test/limited-a' });
  expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await second.inject({ method: 'GET', url: '/api/test/limited-b' })).statusCode).toBe(200);
});

it('starts a new window once the old one has passed', async () => {
  await sql`update rate_limits set expires_at = now() - interval '1 second'`.execute(context.db);
  expect((await context.app.inject({ method: 'GET', url: '/api/test/limited-a' })).statusCode).toBe(200);
});
