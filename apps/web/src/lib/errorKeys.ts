import type { ErrorBody } from '@bank/contracts/errors';

/**
 * The translation keys that may explain a failed call, most specific first: the field errors (their
 * values are translation keys, docs/architecture.md#contracts), then `errors.<CODE>`. A screen shows the first one
 * its namespace knows, and its own general text when it knows none.
 */
export function errorTextKeys(body: ErrorBody | null | undefined): string[] {
  if (!body) return [];
  const fieldKeys = Object.values(body.fields ?? {}).filter((value) => /^[\w.]+$/.test(value));
  return [...fieldKeys, `errors.${body.code}`];
}
