import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '@bank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { eachInSavepoint, idempotencyConflict, type MoneyAnswer, type GroupCommit, type IdempotencyClaim, type MoneyJob, type OwnWrite, type WrittenAnswer } from './group-commit';

/**
 * Idempotency of money-moving calls. The key is claimed by inserting (client, key, hash of the
 * request) in the same transaction that moves the money (group-commit.ts); the primary key makes a
 * second request with the same key wait for the first and then find its row. Same key and same
 * request: the first answer is replayed and nothing moves again. Same key, another request: 409
 * CONFLICT. A request that is refused gives its claim back, so a retry runs afresh (nothing had moved).
 */

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

/**
 * The answer stored for a key, if a request with it was written: a request refused before it reached
 * the group commit (its accounts are gone since, say) still replays an answer it was already given.
 */
async function storedAnswer(db: Db, ownerId: string, key: string, hash: string): Promise<MoneyAnswer | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('client_id', '=', ownerId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.response_status === null) return null;
  if (row.request_hash !== hash) throw idempotencyConflict();
  return { status: row.response_status, body: row.response_body };
}

/** What a money route prepares outside any transaction (checks and look-ups): its job, less the key. */
export type PreparedJob<T> = Omit<MoneyJob<T>, 'idempotency'>;

/**
 * A money route's whole answer: `prepare` checks the request and names its job, which the group
 * commit writes once per (owner, Idempotency-Key, request); the answer goes as JSON after its
 * transaction has committed, a replay marked with the `idempotent-replayed` header. The owner is the
 * client, or the operator for the back office's money calls; `path` names the call in the key's hash.
 */
export async function replyIdempotently(
  writer: GroupCommit,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: { id: string; path: string },
  prepare: () => Promise<PreparedJob<unknown>>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request);
  const claim: IdempotencyClaim | undefined = key ? { ownerId: owner.id, key, hash: requestHash('POST', owner.path, request.body) } : undefined;
  let answer: WrittenAnswer;
  try {
    answer = await writer.submit({ ...(await prepare()), idempotency: claim });
  } catch (error) {
    const replay = claim && error instanceof AppError && error.code !== 'CONFLICT' ? await storedAnswer(db, claim.ownerId, claim.key, claim.hash) : null;
    if (!replay) throw error;
    answer = { ...replay, replayed: true };
  }
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  // A protocol text such as 'Created' goes as a JSON string, like every other answer.
  return reply.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
}

/**
 * A job written on its own in the group commit (eachInSavepoint). Its owner's writes never run in
 * two flushes at once; the rows it locks are its own business (the ledger orders them).
 */
export function ownWrite(ownerId: string, write: OwnWrite): PreparedJob<OwnWrite> {
  return { kind: eachInSavepoint, item: write, resources: [`owner:${ownerId}`] };
}
