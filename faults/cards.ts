import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { OrderCardResponse, RevealedCard } from '@bank/contracts/cards/cards';
import { signCardNetworkMessage, TIP_MCCS, type AuthorizationResponse, type SettlementResponse } from '@bank/contracts/cards/network';
import { TEST_PASSWORD } from '../apps/server/src/test/clients';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db';
import { call, persistently, type FaultClient } from './bank';
import type { Violation } from './checks';

/**
 * The card network under faults (docs/cards.md#the-card-network, docs/reliability.md#the-fault-suite):
 * a processor per card sends authorisations, then clears (the amount, less, or a restaurant's tip),
 * reverses or leaves them pending, and now and then refunds; when no answer comes or a 5xx does, it
 * sends the same message again with the same messageId, as a processor must. Afterwards: no hold
 * without an approved authorisation, no clearing without its hold, no balance below zero, and every
 * amount approved, cleared or refunded booked once and as answered.
 */

export interface FaultCard {
  client: FaultClient;
  id: string;
  pan: string;
  expiry: string;
  cvc: string;
}

/** What the processor was told, message by message. */
export interface CardMessage {
  kind: 'authorization' | 'clearing' | 'reversal' | 'refund';
  messageId: string;
  /** The answer's body (null when none came in the end). */
  answer: AuthorizationResponse | SettlementResponse | null;
  /** For a clearing or reversal: the authorisation it names. */
  authorizationId?: string;
  /** Sent once more after its answer: whether that answer was the same (it must be). */
  sameWhenRepeated?: boolean;
}

/** Each client orders a virtual card on its USD account and reveals it with its password, as its holder would. */
export async function orderFaultCards(baseUrl: string, clients: readonly FaultClient[]): Promise<FaultCard[]> {
  const cards: FaultCard[] = [];
  for (const client of clients) {
    const key = randomUUID();
    const ordered = await persistently(() => call(baseUrl, client.token, 'POST', 'cards', { type: 'virtual', accountNumber: client.usd }, { 'idempotency-key': key }));
    if (ordered.status !== 200) throw new Error(`cards: ${ordered.status} ${ordered.body}`);
    const { card } = JSON.parse(ordered.body) as OrderCardResponse;
    const revealed = await persistently(() => call(baseUrl, client.token, 'POST', `cards/${card.id}/reveal`, { password: TEST_PASSWORD }));
    if (revealed.status !== 200) throw new Error(`cards/${card.id}/reveal: ${revealed.status}`);
    const details = JSON.parse(revealed.body) as RevealedCard;
    cards.push({ client, id: card.id, pan: details.number, expiry: details.expiry, cvc: details.cvc });
  }
  return cards;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const cents = (min: number, max: number) => (min + Math.floor(Math.random() * (max - min) * 100) / 100).toFixed(2);

/** One signed message, sent until an answer other than a 5xx or 429 comes (the same bytes each time: its messageId answers once). */
async function sendSigned(baseUrl: string, secret: string, path: string, message: object) {
  const body = JSON.stringify(message);
  return persistently(
    async () => {
      try {
        const response = await fetch(`${baseUrl}/api/card-network/${path}`, {
          method: 'POST',
          // Signed at each attempt: a retry minutes later is still within the window.
          headers: { 'content-type': 'application/json', ...signCardNetworkMessage(secret, body) },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        return { status: response.status, body: await response.text(), replayed: false };
      } catch {
        return null;
      }
    },
    undefined,
    (status) => status >= 500 || status === 429,
  );
}

/** Runs one card's processor until `until`; answers every message it sent and what it was told. */
export async function cardLoop(baseUrl: string, secret: string, card: FaultCard, until: number): Promise<CardMessage[]> {
  const messages: CardMessage[] = [];
  const send = async (kind: CardMessage['kind'], path: string, message: { messageId: string } & Record<string, unknown>, authorizationId?: string) => {
    const answer = await sendSigned(baseUrl, secret, path, message);
    const parsed = answer.status === 200 ? (JSON.parse(answer.body) as CardMessage['answer']) : null;
    const record: CardMessage = { kind, messageId: message.messageId, answer: parsed, ...(authorizationId ? { authorizationId } : {}) };
    if (parsed && Math.random() < 0.05) {
      const again = await sendSigned(baseUrl, secret, path, message);
      // The same answer, field for field (the bank keeps it as JSON, whose keys it may order otherwise).
      record.sameWhenRepeated = again.status === 200 && isDeepStrictEqual(JSON.parse(again.body), parsed);
    }
    messages.push(record);
    return parsed;
  };
  while (Date.now() < until) {
    const merchant = { name: pick(['Café Central', 'Billa', 'Amazon EU']), mcc: pick(['5812', '5411', '5999']), country: pick(['AT', 'DE', 'US']), city: 'Vienna' };
    if (Math.random() < 0.1) {
      await send('refund', 'refunds', { messageId: randomUUID(), pan: card.pan, amount: cents(0.5, 20), currency: pick(['USD', 'EUR']), merchant });
      continue;
    }
    const currency = pick(['USD', 'EUR']);
    const amount = cents(1, 60);
    const authorized = (await send('authorization', 'authorizations', {
      messageId: randomUUID(), pan: card.pan, expiry: card.expiry, cvc: card.cvc, amount, currency, merchant, channel: pick(['pos', 'online']),
    })) as AuthorizationResponse | null;
    if (!authorized?.approved) continue;
    const next = Math.random();
    if (next < 0.55) {
      // The amount, less, or for a restaurant up to its tip.
      const factor = TIP_MCCS.includes(merchant.mcc) && Math.random() < 0.5 ? 1 + Math.random() * 0.15 : Math.random() < 0.5 ? 1 : 0.5 + Math.random() * 0.5;
      const cleared = (Math.floor(Number(amount) * factor * 100) / 100).toFixed(2);
      await send('clearing', 'clearings', { messageId: randomUUID(), authorizationId: authorized.authorizationId, amount: Number(cleared) > 0 ? cleared : amount, currency }, authorized.authorizationId);
    } else if (next < 0.8) {
      await send('reversal', 'reversals', { messageId: randomUUID(), authorizationId: authorized.authorizationId }, authorized.authorizationId);
    }
  }
  return messages;
}

/** What must hold of the cards' money after the faults. */
export async function cardViolations(db: Db, messages: readonly CardMessage[]): Promise<Violation[]> {
  const violations: Violation[] = [];
  const rows = async <Row>(rule: string, query: ReturnType<typeof sql<Row>>, detail: (row: Row) => string) => {
    for (const row of (await query.execute(db)).rows.slice(0, 20)) violations.push({ rule, detail: detail(row) });
  };
  await rows(
    'cards: no hold without an approved authorisation, in the state of its authorisation',
    sql<{ id: string; status: string }>`
      select h.id::text, h.status from ledger_holds h join operations o on o.id = h.transfer_id and o.kind = 'card'
      left join card_authorizations a on a.hold_id = h.id
      where a.id is null or a.status = 'Declined'
        or (a.status = 'Pending') <> (h.status = 'active') or (a.status = 'Cleared') <> (h.status = 'captured')
        or (a.status in ('Reversed', 'Expired')) <> (h.status = 'released')
        or a.held_usd <> h.amount`,
    (row) => `hold ${row.id} (${row.status})`,
  );
  await rows(
    'cards: no clearing without its hold',
    sql<{ id: string }>`
      select e.transfer_id::text as id from journal_entries e where e.kind = 'card_payment' and not exists (
        select 1 from card_authorizations a join ledger_holds h on h.id = a.hold_id
        where a.operation_id = e.transfer_id and a.status = 'Cleared' and h.status = 'captured')`,
    (row) => `operation ${row.id}`,
  );
  await rows(
    'cards: every cleared authorisation booked once, as cleared',
    sql<{ id: string }>`
      select a.id::text from card_authorizations a where a.status = 'Cleared' and (
        (select count(*) from journal_entries e where e.transfer_id = a.operation_id and e.kind = 'card_payment') <> 1
        or a.cleared_usd is distinct from (
          select -sum(p.amount) from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts l on l.id = p.ledger_account_id
          where e.transfer_id = a.operation_id and e.kind = 'card_payment' and l.kind = 'client'))`,
    (row) => `authorisation ${row.id}`,
  );
  await rows(
    'cards: no balance below zero',
    sql<{ id: string }>`select id::text from ledger_accounts where kind = 'client' and (booked < 0 or available < 0)`,
    (row) => `ledger account ${row.id}`,
  );
  // Every answer the processor was given is what the bank booked, once.
  const { rows: authorizations } = await sql<{ id: string; status: string; held_usd: string | null; cleared_usd: string | null; message_id: string }>`
    select id::text, status, held_usd::text, cleared_usd::text, message_id from card_authorizations`.execute(db);
  const byId = new Map(authorizations.map((row) => [row.id, row]));
  const byMessage = new Map(authorizations.map((row) => [row.message_id, row]));
  const same = (left: string | null | undefined, right: string) => left !== null && left !== undefined && Number(left) === Number(right);
  const { rows: refunds } = await sql<{ number: string; amount: string; entries: string }>`
    select o.number, o.amount::text, (select count(*) from journal_entries e where e.transfer_id = o.id and e.kind = 'card_refund')::text as entries
    from operations o where o.kind = 'card' and o.details ? 'toAccountId'`.execute(db);
  const refundByNumber = new Map(refunds.map((row) => [row.number, row]));
  for (const message of messages) {
    const answer = message.answer;
    if (message.sameWhenRepeated === false) violations.push({ rule: 'cards: a repeated message is answered as the first time', detail: message.messageId });
    if (!answer) continue;
    if (message.kind === 'authorization' && 'approved' in answer) {
      const row = byMessage.get(message.messageId);
      const ok = answer.approved ? row && row.id === answer.authorizationId && row.status !== 'Declined' && same(row.held_usd, answer.amount) : row?.status === 'Declined';
      if (!ok) violations.push({ rule: 'cards: every authorisation is recorded as answered', detail: `${message.messageId} → ${JSON.stringify(answer)} / ${JSON.stringify(row ?? null)}` });
    } else if (message.kind === 'clearing' && 'accepted' in answer && answer.accepted) {
      const row = byId.get(message.authorizationId!);
      if (!row || row.status !== 'Cleared' || !same(row.cleared_usd, answer.amount)) {
        violations.push({ rule: 'cards: every accepted clearing is booked as answered', detail: `${message.authorizationId} → ${answer.amount} / ${JSON.stringify(row ?? null)}` });
      }
    } else if (message.kind === 'reversal' && 'accepted' in answer && answer.accepted) {
      if (byId.get(message.authorizationId!)?.status !== 'Reversed') violations.push({ rule: 'cards: every accepted reversal released its hold', detail: message.authorizationId! });
    } else if (message.kind === 'refund' && 'accepted' in answer && answer.accepted) {
      const refund = refundByNumber.get(answer.transactionNumber);
      if (!refund || refund.entries !== '1' || !same(refund.amount, answer.amount)) {
        violations.push({ rule: 'cards: every accepted refund is booked once as answered', detail: `${answer.transactionNumber} → ${JSON.stringify(refund ?? null)}` });
      }
    }
  }
  return violations;
}

/** A line of what the cards' processors did. */
export function cardSummary(messages: readonly CardMessage[]): string {
  const count = (kind: CardMessage['kind'], ok: (answer: NonNullable<CardMessage['answer']>) => boolean) =>
    messages.filter((message) => message.kind === kind && message.answer && ok(message.answer)).length;
  const approved = count('authorization', (answer) => 'approved' in answer && answer.approved);
  const declined = count('authorization', (answer) => 'approved' in answer && !answer.approved);
  const accepted = (answer: NonNullable<CardMessage['answer']>) => 'accepted' in answer && answer.accepted;
  return `cards: ${approved} approved, ${declined} declined, ${count('clearing', accepted)} cleared, ${count('reversal', accepted)} reversed, ${count('refund', accepted)} refunded`;
}
