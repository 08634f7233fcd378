// Proves every validation message of the identity contracts (auth, users, kyc) has its English and
// Russian text in the validation namespace, so no form ever shows a raw key.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const contracts = path.resolve(here, '../../../../../packages/contracts/src');
const locales = path.resolve(here, '../../locales');

function keysUsedIn(folder: string): string[] {
  return readdirSync(path.join(contracts, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...readFileSync(path.join(contracts, folder, file), 'utf8').matchAll(/'validation\.([\w.]+)'/g)].map((match) => match[1]!));
}

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('validation messages', () => {
  const keys = [...new Set(['auth', 'users', 'kyc'].flatMap(keysUsedIn))];
  it('are found in the identity contracts', () => {
    expect(keys).toContain('password.uppercase');
  });
  for (const language of ['en', 'ru']) {
    it(`all have a ${language} text`, () => {
      const texts = JSON.parse(readFileSync(path.join(locales, language, 'validation.json'), 'utf8')) as unknown;
      expect(keys.filter((key) => typeof lookup(texts, key) !== 'string')).toEqual([]);
    });
  }
});
