// Proves how the built web app goes over the wire: the brotli or gzip copy the build wrote, chosen
// by Accept-Encoding (with Vary), the plain file for a client that takes neither; hashed assets
// cached for a year, the page itself revalidated, every client-side route answered with it; a
// pre-rendered page in the visitor's language with the install's address filled in, and the
// sitemap and robots.txt that name that address.
import { systemClock } from '../modules/jobs';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { APP_ORIGIN_PLACEHOLDER, CANONICAL_URL_PLACEHOLDER, type WebPagesManifest } from '@bank/contracts/web-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db';
import { capturingMailer } from './harness';

const page = `<!doctype html><html><head><title>Bank</title></head><body>${'<p>calm</p>'.repeat(200)}</body></html>`;
const ORIGIN = 'https://bank.example';
/** A pre-rendered page's inline styles, allowed by their hash in the manifest. */
const loginStyle = (language: string) => `.login-${language}{color:#14213d}`;
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
/** A pre-rendered page as the build writes it: the install's address left to the server. */
const builtLoginPage = (language: string) =>
  page
    .replace('<html>', `<html lang="${language}">`)
    .replace('</head>', `<link rel="canonical" href="${CANONICAL_URL_PLACEHOLDER}"><link rel="alternate" hreflang="ru" href="${APP_ORIGIN_PLACEHOLDER}/login?lng=ru"><style>${loginStyle(language)}</style></head>`);
/** The same page as sent, for its canonical address. */
const loginPage = (language: string, canonical = `${ORIGIN}/login`) =>
  builtLoginPage(language).replace(CANONICAL_URL_PLACEHOLDER, canonical).replace(APP_ORIGIN_PLACEHOLDER, ORIGIN);
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;

let dist: string;
let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bank-dist-'));
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  mkdirSync(path.join(dist, 'pages'));
  const manifest: WebPagesManifest = {
    languages: ['en', 'ru'],
    pages: {
      '/login': { en: 'pages/login.en.html', ru: 'pages/login.ru.html' },
      '/reset_password': { en: 'pages/login.en.html', ru: 'pages/login.ru.html' },
    },
    sitemap: ['/', '/about-bank'],
    bareOnly: ['/reset_password'],
    styleHashes: { 'pages/login.en.html': [styleHash(loginStyle('en'))], 'pages/login.ru.html': [styleHash(loginStyle('ru'))] },
  };
  writeFileSync(path.join(dist, 'pages/routes.json'), JSON.stringify(manifest));
  for (const [name, content] of [
    ['index.html', page],
    ['pages/login.en.html', builtLoginPage('en')],
    ['pages/login.ru.html', builtLoginPage('ru')],
    ['static/js/entry-abc123.js', script],
  ] as const) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', APP_URL: `${ORIGIN}/` });
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

  it('sends a first screen its own copy of the page, in the visitor’s language, with its first screen’s styles', async () => {
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
    // Asked for in a language, the page is canonical in that language; else the bare path is.
    expect(await pageFor({ 'accept-language': 'en' }, '/login?lng=ru')).toBe(loginPage('ru', `${ORIGIN}/login?lng=ru`));
    expect(await pageFor({ 'accept-language': 'ru' }, '/login?lng=en&next=x')).toBe(loginPage('en', `${ORIGIN}/login?lng=en`));
    expect(await pageFor({ 'accept-language': 'ru' }, '/login?lng=de')).toBe(loginPage('ru'));
    // Other routes get the plain page, and so does a page drawn differently for its query (a reset link).
    expect(await pageFor({ 'accept-language': 'ru' }, '/register')).toBe(page);
    expect(await pageFor({ 'accept-language': 'ru' }, '/reset_password?token=abc')).toBe(page);
    expect(await pageFor({ 'accept-language': 'en' }, '/reset_password?lng=ru')).toBe(loginPage('ru', `${ORIGIN}/reset_password?lng=ru`));
  });

  it('allows a pre-rendered page’s inline styles by their hashes, and no other page’s', async () => {
    const policyOf = async (url: string, language: string) =>
      String((await app.inject({ method: 'GET', url, headers: { 'accept-language': language } })).headers['content-security-policy']);
    const styleSource = (policy: string) => policy.split(';').find((directive) => directive.startsWith('style-src '));
    expect(styleSource(await policyOf('/login', 'ru'))).toBe(`style-src 'self' ${styleHash(loginStyle('ru'))}`);
    expect(styleSource(await policyOf('/login', 'en'))).toBe(`style-src 'self' ${styleHash(loginStyle('en'))}`);
    const plain = await policyOf('/register', 'en');
    expect(styleSource(plain)).toBe("style-src 'self'");
    expect(plain).toContain("script-src 'self'");
    expect(await policyOf('/login', 'en')).not.toContain('unsafe-inline');
  });

  it('never sends a pre-rendered page with its placeholders, nor compressed to a client that refuses it', async () => {
    const direct = await app.inject({ method: 'GET', url: '/pages/login.en.html', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(direct.rawPayload).toString()).toBe(page);
    const plain = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip;q=0', 'accept-language': 'en' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(loginPage('en'));
    expect(plain.body).not.toContain('__');
    const head = await app.inject({ method: 'HEAD', url: '/login', headers: { 'accept-language': 'ru' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  });

  it('sends a pre-rendered page’s form posted by a browser without the app back to the page, its fields unread', async () => {
    const form = 'email=a%40b.example&password=Secret-123';
    const post = (url: string) => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    for (const url of ['/login', '/reset_password?lng=ru']) {
      const answer = await post(url);
      expect(answer.statusCode, url).toBe(303);
      expect(answer.headers.location, url).toBe(url);
      expect(answer.body).not.toContain('Secret');
    }
    // Only those pages: another path, another host or an unknown API route is a 404.
    for (const url of ['/no-such-page', '//evil.example/login', '/api/nowhere']) {
      const answer = await post(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location, url).toBeUndefined();
    }
  });

  it('serves robots.txt naming the sitemap, and the sitemap with every page in both languages', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([`${ORIGIN}/?lng=en`, `${ORIGIN}/?lng=ru`, `${ORIGIN}/about-bank?lng=en`, `${ORIGIN}/about-bank?lng=ru`]);
    const aboutEntries = sitemap.body.split('<url>').filter((entry) => entry.includes('<loc>https://bank.example/about-bank'));
    for (const entry of aboutEntries) {
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/about-bank?lng=en"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${ORIGIN}/about-bank?lng=ru"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/about-bank"/>`);
    }
  });
});
