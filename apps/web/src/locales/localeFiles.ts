import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The translation files read from disk, for tests that check keys and texts (Node only: the app
 * itself loads them through i18next). Keys are flattened to i18next's dotted paths.
 */
export const LOCALES_DIR = path.dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

export function flattenKeys(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') keys.set(prefix + key, value);
    else for (const [inner, text] of flattenKeys(value, `${prefix}${key}.`)) keys.set(inner, text);
  }
  return keys;
}

/** One namespace of one language, flattened. */
export function loadNamespace(language: string, namespace: string): Map<string, string> {
  return flattenKeys(JSON.parse(readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Tree);
}

/** Every namespace of one language, by name. */
export function loadLanguage(language: string): Map<string, Map<string, string>> {
  const namespaces = new Map<string, Map<string, string>>();
  for (const file of readdirSync(path.join(LOCALES_DIR, language)).filter((name) => name.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    namespaces.set(namespace, loadNamespace(language, namespace));
  }
  return namespaces;
}
