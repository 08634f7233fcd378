// Proves how the built web app goes over the wire: the brotli or gzip copy the build wrote, chosen
// by Accept-Encoding (with Vary), the plain file for a client that takes neither; hashed assets
// cached for a year, the page itself revalidated, every client-side route answered with it.
import { systemClock } from '../modules/jobs/clock';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db';
import { capturingMailer } from './harness';

const page = `<!doctype html><html><head><title>Bank</title></head><body>${'<p>calm</p>'.repeat(200)}</body></html>`;
const loginPage = (language: string) => page.replace('<html>', `<html lang="${language}">`).replace('</head>', '<link rel="modulepreload" href="/static/js/login.js"></head>');
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;

let dist: string;
let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bank-dist-'));
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'pages/routes.json'), JSON.stringify({ '/login': { en: 'pages/login.en.html', ru: 'pages/login.ru.html' } }));
  for (const [name, content] of [
    ['index.html', page],
    ['pages/login.en.html', loginPage('en')],
    ['pages/login.ru.html', loginPage('ru')],
    ['static/js/entry-abc123.js', script],
  ] as const) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  app = await buildApp({ config, db: database.db, databaseKind: database.kind, mailer: capturingMailer([]), cryptoKeys: null, clock: systemClock(config.time.zone) }, { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app over the wire', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, plain to the rest', async () => {
    const url = '/static/js/entry-abc123.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const answer of [brotli, gzip, plain]) {
      expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('sends the page compressed too, for every client-side route, always revalidated', async () => {
    for (const url of ['/', '/about', '/kabinet/accounts']) {
      const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(page);
    }
  });

  it('sends a first screen its own copy of the page, in the visitor’s language, asking for its chunks at once', async () => {
    const pageFor = async (headers: Record<string, string>, url = '/login') => {
      const answer = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toMatch(/accept-language/i);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      return brotliDecompressSync(answer.rawPayload).toString();
    };
    expect(await pageFor({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toBe(loginPage('ru'));
    expect(await pageFor({ 'accept-language': 'de-DE,ru;q=0.5' })).toBe(loginPage('ru'));
    expect(await pageFor({ 'accept-language': 'de-DE' })).toBe(loginPage('en'));
    expect(await pageFor({ 'accept-language': 'ru', cookie: 'theme=x; i18next=en' })).toBe(loginPage('en'));
    expect(await pageFor({ 'accept-language': 'en' }, '/login?lng=ru')).toBe(loginPage('ru'));
    // Other routes get the plain page.
    expect(await pageFor({ 'accept-language': 'ru' }, '/register')).toBe(page);
  });
});
