import { decimalToMinor, formatMinor, isCurrency } from '@bank/contracts';
import { CARD_AUTHORIZATIONS_SHOWN, type CardAuthorization, type ClientCardsResponse } from '@bank/contracts/cards/cards';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday } from '../jobs';
import { cardOf, cardRowsOf, statusOn } from './issuing';

/**
 * The back office's card calls (docs/cards.md#the-back-office): a client's cards as the holder's
 * list shows them (the last four digits at most) with their latest authorisations, blocking a card
 * at once, and a physical card's production and shipping. Each act is an audit row in the operator's name.
 */

/** The next production status of a physical card, from the one before it. */
const PRODUCTION_FROM = { Produced: 'Ordered', Shipped: 'Produced' } as const;

/**
 * GET /api/backoffice/clients/:clientId/cards: the client's cards, newest first, each with why it was
 * blocked and its latest authorisations (CARD_AUTHORIZATIONS_SHOWN), newest first: approved and
 * declined, with the merchant and what was held and cleared. The authorisations keep no number.
 */
export async function clientCardsForOperators(deps: Pick<AppDeps, 'db' | 'clock'>, clientId: string): Promise<ClientCardsResponse> {
  const today = bankToday(deps.clock);
  const rows = await cardRowsOf(deps.db, clientId);
  const authorizations = await latestAuthorizations(deps.db, rows.map((row) => row.id));
  return {
    cards: rows.map((row) => ({ ...cardOf(row, today), blockedReason: row.blocked_reason, authorizations: authorizations.get(row.id) ?? [] })),
  };
}

const usd = (amount: string) => formatMinor(decimalToMinor(amount, 'USD'), 'USD');
/** The merchant's amount with its currency's decimals ("12.5" → "12.50"); as stored when the currency is not one the bank knows. */
const merchantAmount = (amount: string, currency: string) => (isCurrency(currency) ? formatMinor(decimalToMinor(amount, currency), currency) : amount);

/** Each card's latest authorisations, newest first, by the card: one read for all the cards, ranked per card. */
async function latestAuthorizations(db: Db, cardIds: string[]): Promise<Map<string, CardAuthorization[]>> {
  const byCard = new Map<string, CardAuthorization[]>();
  if (cardIds.length === 0) return byCard;
  const ranked = db
    .selectFrom('card_authorizations')
    .select([
      'id', 'card_id', 'status', 'decline_reason', 'amount', 'currency', 'held_usd', 'cleared_usd', 'rate',
      'merchant_name', 'merchant_mcc', 'merchant_country', 'merchant_city', 'channel', 'created_at', 'closed_at',
    ])
    .select((eb) => eb.fn.agg<number>('row_number').over((over) => over.partitionBy('card_id').orderBy('created_at', 'desc').orderBy('id', 'desc')).as('position'))
    .where('card_id', 'in', cardIds);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where('position', '<=', CARD_AUTHORIZATIONS_SHOWN)
    .orderBy('card_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byCard.get(row.card_id!) ?? [];
    list.push({
      id: row.id,
      status: row.status,
      declineReason: row.decline_reason,
      amount: merchantAmount(row.amount, row.currency),
      currency: row.currency,
      heldUsd: row.held_usd === null ? null : usd(row.held_usd),
      clearedUsd: row.cleared_usd === null ? null : usd(row.cleared_usd),
      rate: row.rate,
      merchant: { name: row.merchant_name, mcc: row.merchant_mcc, country: row.merchant_country, city: row.merchant_city },
      channel: row.channel,
      createdAt: row.created_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
    });
    byCard.set(row.card_id!, list);
  }
  return byCard;
}

async function lockedCard(trx: Db, cardId: string) {
  const row = await trx.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Card not found' });
  return row;
}

/** POST /api/backoffice/cards/:cardId/block: the bank blocks a card for good (a card blocked already is a 409). */
export async function blockCardByBank(trx: Db, deps: Pick<AppDeps, 'clock'>, operatorId: string, cardId: string, reason: string): Promise<void> {
  const row = await lockedCard(trx, cardId);
  if (row.status === 'Blocked') throw new AppError('CONFLICT', { message: 'The card is blocked already', details: { reason: 'cardStatus', status: row.status } });
  await blockLocked(trx, deps, operatorId, row, reason);
}

/** Blocks a card whose row the caller has locked, audited in the operator's name. */
async function blockLocked(trx: Db, deps: Pick<AppDeps, 'clock'>, operatorId: string, row: Awaited<ReturnType<typeof lockedCard>>, reason: string): Promise<void> {
  await trx.updateTable('cards').set({ status: 'Blocked', blocked_reason: reason, updated_at: new Date() }).where('id', '=', row.id).execute();
  await recordAudit(trx, {
    actorType: 'operator',
    actorId: operatorId,
    action: 'card.blockedByBank',
    subjectType: 'card',
    subjectId: row.id,
    before: { status: statusOn(row, bankToday(deps.clock)) },
    after: { status: 'Blocked', reason, client: row.client_id, last4: row.last4 },
  });
}

/** Why the cards of a client the bank closed are blocked, as the back office shows it. */
export const CLOSED_BY_BANK_REASON = 'The bank closed the client’s accounts';

/**
 * Every card of a client the bank closes is Blocked for good, in the closure's own transaction
 * (docs/bank-controls.md#closing-a-client): the network declines them already (card_blocked), and the
 * holder's list and the back office say so too. Each is an audit row in the approver's name; answers
 * how many were blocked.
 */
export async function blockCardsOfClosedClient(trx: Db, deps: Pick<AppDeps, 'clock'>, clientId: string, operatorId: string): Promise<number> {
  const rows = await trx.selectFrom('cards').selectAll().where('client_id', '=', clientId).where('status', '<>', 'Blocked').orderBy('id').forUpdate().execute();
  for (const row of rows) await blockLocked(trx, deps, operatorId, row, CLOSED_BY_BANK_REASON);
  return rows.length;
}

/** POST /api/backoffice/cards/:cardId/status: Ordered → Produced → Shipped, for physical cards only. */
export async function advanceCardProduction(trx: Db, operatorId: string, cardId: string, status: keyof typeof PRODUCTION_FROM): Promise<void> {
  const row = await lockedCard(trx, cardId);
  if (row.type !== 'physical' || row.status !== PRODUCTION_FROM[status]) {
    throw new AppError('CONFLICT', { message: `A ${row.type} card that is ${row.status} cannot become ${status}`, details: { reason: 'cardStatus', status: row.status } });
  }
  await trx.updateTable('cards').set({ status, updated_at: new Date() }).where('id', '=', cardId).execute();
  await recordAudit(trx, { actorType: 'operator', actorId: operatorId, action: `card.${status.toLowerCase()}`, subjectType: 'card', subjectId: cardId, before: { status: row.status }, after: { status } });
}
