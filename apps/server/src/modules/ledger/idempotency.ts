import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '@bank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { inMoneyTransaction } from './transaction';

/**
 * Idempotency of money-moving calls. The key is claimed by inserting (client, key, hash of the
 * request) in the same transaction that moves the money; the primary key makes a second request
 * with the same key wait for the first and then find its row. Same key and same request: the first
 * answer is replayed and nothing moves again. Same key, another request: 409 CONFLICT. A request
 * that fails rolls back its claim too, so a retry after a failure runs afresh (nothing had moved).
 */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

/** The Idempotency-Key header, if sent; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('BAD_REQUEST', { message: 'Invalid Idempotency-Key header', fields: { 'idempotency-key': 'validation.idempotencyKey.invalid' } });
  }
  return key;
}

async function claim(trx: Db, clientId: string, key: string, hash: string): Promise<IdempotentAnswer | null> {
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ client_id: clientId, key, request_hash: hash })
    .onConflict((conflict) => conflict.columns(['client_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return null;
  const existing = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (existing.request_hash !== hash) {
    throw new AppError('CONFLICT', { message: 'This Idempotency-Key was already used for another request' });
  }
  return { status: existing.response_status ?? 200, body: existing.response_body };
}

/**
 * Runs `work` in a money transaction, at most once per (client, key, request). Without a key the
 * work simply runs in its transaction.
 */
export async function runIdempotent(
  db: Db,
  options: { clientId: string; key: string | undefined; method: string; path: string; body: unknown },
  work: (trx: Db) => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer & { replayed: boolean }> {
  const { clientId, key } = options;
  const hash = key ? requestHash(options.method, options.path, options.body) : '';
  return inMoneyTransaction(db, async (trx) => {
    if (key) {
      const replay = await claim(trx, clientId, key, hash);
      if (replay) return { ...replay, replayed: true };
    }
    const answer = await work(trx);
    if (key) {
      await trx
        .updateTable('idempotency_keys')
        .set({ response_status: answer.status, response_body: JSON.stringify(answer.body) })
        .where('client_id', '=', clientId)
        .where('key', '=', key)
        .execute();
    }
    return { ...answer, replayed: false };
  });
}

/**
 * A money route's whole answer: runs `work` once per (owner, Idempotency-Key, request) and sends
 * its answer as JSON, marking a replay with the `idempotent-replayed` header. The owner is the
 * client, or the operator for the back office's money calls; `path` names the call in the key's hash.
 */
export async function replyIdempotently(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: { id: string; path: string },
  work: (trx: Db) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const answer = await runIdempotent(db, { clientId: owner.id, key: idempotencyKeyOf(request), method: 'POST', path: owner.path, body: request.body }, work);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  // A protocol text such as 'Created' goes as a JSON string, like every other answer.
  return reply.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
}
