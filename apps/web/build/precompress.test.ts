// Proves the build's compressed copies: a brotli and a gzip file beside each text file worth it,
// each unpacking to the original; none for small files or for files compressed already.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompress } from './precompress';

const root = mkdtempSync(path.join(tmpdir(), 'bank-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('writes .br and .gz beside the build’s text files', () => {
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'static/js'), { recursive: true });
  const script = `console.log(${JSON.stringify('bank '.repeat(1000))});`;
  writeFileSync(path.join(dist, 'static/js/entry.js'), script);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(dist, 'static/font.woff2'), Buffer.alloc(4096, 7));
  const plugin = precompress() as unknown as { configResolved(config: unknown): void; closeBundle(): void };
  plugin.configResolved({ root, build: { outDir: 'dist' } });
  plugin.closeBundle();
  const file = path.join(dist, 'static/js/entry.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 20);
  expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
  expect(existsSync(path.join(dist, 'static/font.woff2.br'))).toBe(false);
});
