import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { fixedStatement } from '../../db/fixed-statement';
import { unnestedTable } from '../../db/unnest';
import { AppError } from '../../lib/errors';
import { inMoneyTransaction } from '../ledger';

/**
 * The card network's messages, each answered once (docs/cards.md#the-card-network): a message's id
 * is claimed in the transaction that decides it, with the hash of its body, and its answer stored
 * there before the commit. A repeat (even one racing the first, which waits for the first's commit
 * on the primary key) reads that answer and changes nothing; the same id with another body, or of
 * another kind, is a 409.
 */

export type MessageKind = 'authorization' | 'clearing' | 'reversal' | 'refund';

/** A message as its claim needs it: its id and the hash of the body as it came. */
export interface NetworkMessage {
  messageId: string;
  bodyHash: string;
}

export const bodyHashOf = (rawBody: string): string => createHash('sha256').update(rawBody).digest('hex');

/**
 * What claiming a message came to: claimed now (decide it), a repeat of one claimed now in the same
 * batch (answered as that one is), answered before, or refused.
 */
export type Claim = { state: 'fresh' } | { state: 'repeat' } | { state: 'answered'; answer: unknown } | { state: 'refused'; error: AppError };

const reused = () => new AppError('CONFLICT', { message: 'This messageId was sent before with another message', details: { reason: 'messageIdReused' } });

const answeredTable = unnestedTable('card_network_messages', 'answered', { message_id: 'text', response: 'jsonb' });
/** storeAnswers' one statement. */
const answersStatement = fixedStatement((value) => {
  const answered = answeredTable.named(value);
  return sql`update card_network_messages as message set response = answered.response from ${answered.from} where message.message_id = answered.message_id`;
});

/**
 * Claims the messages of one kind at once, in the deciding transaction: one statement, and one
 * more to read the answers of those sent before. A message repeated within `messages` is claimed by
 * its first copy; the others are its repeats.
 */
export async function claimMessages(trx: Db, kind: MessageKind, messages: readonly NetworkMessage[]): Promise<Claim[]> {
  const firsts = new Map<string, NetworkMessage>();
  for (const message of messages) if (!firsts.has(message.messageId)) firsts.set(message.messageId, message);
  const distinct = [...firsts.values()];
  const { rows: claimed } = await sql<{ message_id: string }>`
    insert into card_network_messages (message_id, kind, body_hash, response)
    select m.message_id, ${kind}, m.body_hash, 'null'::jsonb
    from unnest(${distinct.map((message) => message.messageId)}::text[], ${distinct.map((message) => message.bodyHash)}::text[]) as m (message_id, body_hash)
    -- In the ids' order, as every server claims them: two batches sharing ids never wait on each other in a cycle.
    order by m.message_id
    on conflict (message_id) do nothing
    returning message_id`.execute(trx);
  const claimedNow = new Set(claimed.map((row) => row.message_id));
  const seen = distinct.filter((message) => !claimedNow.has(message.messageId));
  const earlier = new Map<string, { kind: string; body_hash: string; response: unknown }>();
  if (seen.length > 0) {
    const { rows } = await sql<{ message_id: string; kind: string; body_hash: string; response: unknown }>`
      select message_id, kind, body_hash, response from card_network_messages
      where message_id = any(${seen.map((message) => message.messageId)}::text[])`.execute(trx);
    for (const row of rows) earlier.set(row.message_id, row);
  }
  return messages.map((message) => {
    if (claimedNow.has(message.messageId)) {
      const first = firsts.get(message.messageId)!;
      if (first.bodyHash !== message.bodyHash) return { state: 'refused', error: reused() };
      return first === message ? { state: 'fresh' } : { state: 'repeat' };
    }
    // Sent before this batch: each copy is held against what was sent then.
    const row = earlier.get(message.messageId);
    if (!row) throw new Error(`Message ${message.messageId} neither claimed nor found`);
    if (row.kind !== kind || row.body_hash !== message.bodyHash) return { state: 'refused', error: reused() };
    return { state: 'answered', answer: typeof row.response === 'string' ? JSON.parse(row.response) : row.response };
  });
}

/** Stores the answers of the messages claimed now, in one statement. */
export async function storeAnswers(trx: Db, answered: ReadonlyArray<{ messageId: string; answer: unknown }>): Promise<void> {
  if (answered.length === 0) return;
  await answersStatement(trx, answeredTable.values(answered.map(({ messageId, answer }) => ({ message_id: messageId, response: JSON.stringify(answer) }))));
}

/**
 * Decides the fresh messages of one batch and answers every message: each fresh one with its
 * decision, each repeat with its first copy's answer, each refused one with its error.
 */
export async function answerOnce<Answer>(
  trx: Db,
  kind: MessageKind,
  messages: readonly NetworkMessage[],
  decide: (fresh: readonly number[]) => Promise<Answer[]>,
): Promise<Array<{ ok: true; answer: Answer } | { ok: false; error: AppError }>> {
  const claims = await claimMessages(trx, kind, messages);
  const fresh = claims.flatMap((claim, index) => (claim.state === 'fresh' ? [index] : []));
  const decided = fresh.length > 0 ? await decide(fresh) : [];
  if (decided.length !== fresh.length) throw new Error(`${decided.length} answers for ${fresh.length} messages`);
  const answers = new Map(fresh.map((index, position) => [messages[index]!.messageId, decided[position]!]));
  await storeAnswers(trx, fresh.map((index) => ({ messageId: messages[index]!.messageId, answer: answers.get(messages[index]!.messageId) })));
  return claims.map((claim, index) => {
    if (claim.state === 'refused') return { ok: false, error: claim.error };
    // The repeat of a message answered before is answered as it was then: the answer kept is the first's.
    const answer = claim.state === 'answered' ? (claim.answer as Answer) : answers.get(messages[index]!.messageId)!;
    return { ok: true, answer };
  });
}

/** One message decided in a transaction of its own (clearings, reversals, refunds): its answer, or the 409 of a reused id. */
export async function onceByMessageId<Answer>(db: Db, kind: MessageKind, message: NetworkMessage, decide: (trx: Db) => Promise<Answer>): Promise<Answer> {
  const [outcome] = await inMoneyTransaction(db, (trx) => answerOnce(trx, kind, [message], async () => [await decide(trx)]));
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.answer;
}
