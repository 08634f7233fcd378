// Proves that request logs carry a request id but never a bearer token, a cookie, an idempotency
// key, a query string (reset links carry their token there) or an operator's enrolment token,
// which is in the path.
import { systemClock } from '../modules/jobs';
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

it('logs each answer once, successes at debug and failures at info, with secrets redacted', async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const logger = pino({ ...(loggerOptions('debug') as pino.LoggerOptions) }, stream);
  const app = await buildApp(
    {
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' }),
      db: database.db,
      databaseKind: database.kind,
      mailer: capturingMailer([]),
      cryptoKeys: null,
      clock: systemClock('UTC'),
    },
    { logger: false, webDist: null, loggerInstance: logger },
  );
  await app.inject({
    method: 'GET',
    url: '/api/health?token=reset-secret-value',
    headers: { authorization: 'Bearer bearer-secret-value', cookie: 'sid=cookie-secret-value', 'idempotency-key': 'key-secret-value' },
  });
  await app.inject({ method: 'GET', url: '/api/account/list', headers: { authorization: 'Bearer bearer-secret-value' } });
  await app.inject({ method: 'GET', url: '/api/backoffice/enrolment/enrolment-secret-value' });
  await app.close();
  const log = lines.join('\n');
  const answers = lines.map((line) => JSON.parse(line) as { msg: string; level: number; statusCode?: number; req?: { path: string } }).filter((line) => line.msg === 'request completed');
  expect(answers.map(({ level, statusCode, req }) => ({ level, statusCode, path: req?.path }))).toEqual([
    { level: 20, statusCode: 200, path: '/api/health' },
    { level: 30, statusCode: 401, path: '/api/account/list' },
    { level: 30, statusCode: 404, path: '/api/backoffice/enrolment/[redacted]' },
  ]);
  expect(log).toMatch(/"reqId":"[0-9a-f-]{36}"/);
  for (const secret of ['reset-secret-value', 'bearer-secret-value', 'cookie-secret-value', 'key-secret-value', 'enrolment-secret-value']) {
    expect(log).not.toContain(secret);
  }
});
