/*
 * The app's CSP (script-src 'self') forbids eval. zod compiles object parsers with new Function()
 * unless it runs "jitless", and even its probe for eval, which it catches, is reported by the
 * browser as a CSP violation. zod keeps its settings on globalThis.__zod_globalConfig and reads
 * them as each schema is built, so setting the flag here, from the entry module before any chunk
 * that builds schemas loads, keeps every schema of every screen free of eval. No zod import: the
 * first page carries only these lines.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
