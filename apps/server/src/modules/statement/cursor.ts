import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { KeysetKey } from '../transfers/transaction-rows';

/**
 * The opaque cursor of a statement page: its page number, the keys of its newest and oldest rows,
 * the row count when the statement was opened, and a fingerprint of the filters it belongs to.
 * The client sends it back with the page it wants; the server seeks from it by keyset. It holds no
 * secret and grants nothing: every read is still scoped by the signed-in client.
 */
export interface PageCursor {
  page: number;
  newest: KeysetKey;
  oldest: KeysetKey;
  total: number;
  /** False when `total` is only the counting cap (there are more rows). */
  totalExact: boolean;
  filters: string;
}

const keySchema = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.string().regex(/^\d{1,19}$/)]);
const tokenSchema = z.object({
  p: z.number().int().min(1),
  n: keySchema,
  o: keySchema,
  t: z.number().int().min(0),
  e: z.boolean(),
  f: z.string().max(64),
});

export function encodeCursor(cursor: PageCursor): string {
  const token = {
    p: cursor.page,
    n: [cursor.newest.at, cursor.newest.id],
    o: [cursor.oldest.at, cursor.oldest.id],
    t: cursor.total,
    e: cursor.totalExact,
    f: cursor.filters,
  };
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

const invalidCursor = () => new AppError('VALIDATION_FAILED', { message: 'The cursor is not valid', fields: { cursor: 'validation.cursor.invalid' } });

/** Reads a cursor; a malformed one, or one made for other filters, is a 400. */
export function decodeCursor(text: string, filters: string): PageCursor {
  let parsed: z.infer<typeof tokenSchema>;
  try {
    parsed = tokenSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalidCursor();
  }
  if (parsed.f !== filters) {
    throw new AppError('VALIDATION_FAILED', { message: 'The cursor belongs to other filters', fields: { cursor: 'validation.cursor.otherFilters' } });
  }
  return {
    page: parsed.p,
    newest: { at: parsed.n[0], id: parsed.n[1] },
    oldest: { at: parsed.o[0], id: parsed.o[1] },
    total: parsed.t,
    totalExact: parsed.e,
    filters: parsed.f,
  };
}

/** A short fingerprint of the filters and page size a cursor is valid for. */
export function filtersFingerprint(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
}
