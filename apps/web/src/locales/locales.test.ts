// Proves both languages are complete: EN and RU have the same keys in every namespace, no value is
// empty, and every literal key used in code through t('…') exists in the namespaces it is read from.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLanguage, LOCALES_DIR } from './localeFiles';

const sourceDir = path.resolve(LOCALES_DIR, '..');

/** i18next plural forms: a key used as `x` may be stored as `x_one`, `x_other`, `x_few`, `x_many`. */
function hasKey(namespace: Map<string, string> | undefined, key: string): boolean {
  if (!namespace) return false;
  return namespace.has(key) || ['_one', '_other', '_few', '_many', '_zero'].some((suffix) => namespace.has(key + suffix));
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return entry === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

const english = loadLanguage('en');
const russian = loadLanguage('ru');

describe('translations', () => {
  it('have the same namespaces and keys in EN and RU', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [name, keys] of english) {
      const other = russian.get(name)!;
      expect({ namespace: name, missingInRu: [...keys.keys()].filter((key) => !other.has(key)) }).toEqual({ namespace: name, missingInRu: [] });
      expect({ namespace: name, missingInEn: [...other.keys()].filter((key) => !keys.has(key)) }).toEqual({ namespace: name, missingInEn: [] });
    }
  });

  it('have no empty texts', () => {
    for (const language of [english, russian]) {
      for (const [name, keys] of language) {
        const empty = [...keys].filter(([, text]) => text.trim() === '').map(([key]) => `${name}:${key}`);
        expect(empty).toEqual([]);
      }
    }
  });

  it('contain every literal key the code reads', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(sourceDir)) {
      const code = readFileSync(file, 'utf8');
      const declared = [...code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')?/g)].flatMap((match) =>
        match[1] ? [...match[1].matchAll(/'([^']+)'/g)].map((inner) => inner[1]!) : ['common'],
      );
      const namespaces = new Set(['common', ...declared]);
      for (const match of code.matchAll(/\bt\(\s*'([^'$]+)'(\s*,\s*\{[^}]*ns:\s*'([^']+)')?/g)) {
        const raw = match[1]!;
        const explicit = match[3];
        const [namespace, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [explicit, raw];
        const candidates = namespace ? [namespace] : [...namespaces];
        if (!candidates.some((name) => hasKey(english.get(name), key))) missing.push(`${path.relative(sourceDir, file)}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
