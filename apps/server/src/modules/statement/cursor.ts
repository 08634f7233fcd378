import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { KeysetKey } from '../operations';

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

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const LARGEST_ROW_ID = 9_223_372_036_854_775_807n;

/** An instant PostgreSQL can read: a real calendar day and time of day, not merely its shape. */
function isRealInstant(text: string): boolean {
  const parts = INSTANT.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/**
 * A position in a keyset as a cursor carries it: [instant, row id]. A cursor is the client's to
 * send back, so anything in it is checked as input: an impossible date or an id past bigint is a
 * 400, never a database error.
 */
export const keysetKeySchema = z.tuple([
  z.string().refine(isRealInstant),
  z.string().regex(/^\d{1,19}$/).refine((id) => BigInt(id) <= LARGEST_ROW_ID),
]);
const tokenSchema = z.object({
  p: z.number().int().min(1),
  n: keysetKeySchema,
  o: keysetKeySchema,
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
