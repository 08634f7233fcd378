// Proves that request logs carry a request id but never a bearer token, a cookie, an idempotency
// key or a query string (reset links carry their token there).
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db';
import { migrate } from '../db/migrate';
import { capturingMailer } from './harness';

const lines: string[] = [];
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
});
afterAll(() => database.close());

it('redacts secrets from request logs', async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const logger = pino({ ...(loggerOptions('info') as pino.LoggerOptions) }, stream);
  const app = await buildApp(
    {
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
      db: database.db,
      databaseKind: database.kind,
      mailer: capturingMailer([]),
      cryptoKeys: null,
    },
    { logger: false, webDist: null, loggerInstance: logger },
  );
  await app.inject({
    method: 'GET',
    url: '/api/health?token=reset-secret-value',
    headers: { authorization: 'Bearer bearer-secret-value', cookie: 'sid=cookie-secret-value', 'idempotency-key': 'key-secret-value' },
  });
  await app.close();
  const log = lines.join('\n');
  expect(log).toContain('/api/health');
  expect(log).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  for (const secret of ['reset-secret-value', 'bearer-secret-value', 'cookie-secret-value', 'key-secret-value']) {
    expect(log).not.toContain(secret);
  }
});
