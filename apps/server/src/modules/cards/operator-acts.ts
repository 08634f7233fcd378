import type { ClientCardsResponse } from '@bank/contracts/cards/cards';
import type { Db } from '../../db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday } from '../jobs';
import { cardOf, cardRowsOf, statusOn } from './issuing';

/**
 * The back office's card calls (docs/cards.md#the-back-office): a client's cards as the holder's
 * list shows them (the last four digits at most), blocking a card at once, and a physical card's
 * production and shipping. Each act is an audit row in the operator's name.
 */

/** The next production status of a physical card, from the one before it. */
const PRODUCTION_FROM = { Produced: 'Ordered', Shipped: 'Produced' } as const;

export async function clientCardsForOperators(deps: Pick<AppDeps, 'db' | 'clock'>, clientId: string): Promise<ClientCardsResponse> {
  const today = bankToday(deps.clock);
  return { cards: (await cardRowsOf(deps.db, clientId)).map((row) => ({ ...cardOf(row, today), blockedReason: row.blocked_reason })) };
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
  await trx.updateTable('cards').set({ status: 'Blocked', blocked_reason: reason, updated_at: new Date() }).where('id', '=', cardId).execute();
  await recordAudit(trx, {
    actorType: 'operator',
    actorId: operatorId,
    action: 'card.blockedByBank',
    subjectType: 'card',
    subjectId: cardId,
    before: { status: statusOn(row, bankToday(deps.clock)) },
    after: { status: 'Blocked', reason, client: row.client_id, last4: row.last4 },
  });
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
