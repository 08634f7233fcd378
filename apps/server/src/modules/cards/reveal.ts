import { CARD_REVEALS_PER_HOUR, type RevealedCard } from '@bank/contracts/cards/cards';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { assertNotBlocked, confirmStepUp, lockingCounter, recordHit } from '../auth';
import { cvcOf, expiryText, openPan } from './card-data';
import { ownCard } from './issuing';

/** Reveals per client in an hour (docs/cards.md): the fifth starts the block, so a sixth is a 429 until the hour has passed. */
export const CARD_REVEALS = lockingCounter('card-reveals:client', 60 * 60_000, CARD_REVEALS_PER_HOUR);

/**
 * POST /api/cards/:id/reveal: the full number, expiry and CVC of one of the client's cards, after the
 * step-up (the password, and the authenticator's code where the client uses one). Counted per
 * client once the step-up holds, audited without the number; the route answers it `no-store`. A card whose number no key
 * opens (sealed under a key since dropped) is a 409: it must be replaced.
 */
export async function revealCard(
  deps: AppDeps,
  client: { id: string; ip?: string },
  cardId: string,
  factors: { password: string; code?: string | undefined },
): Promise<RevealedCard> {
  // Outside any transaction: a wrong password's count must stay when its refusal is thrown.
  const { db } = deps;
  await assertNotBlocked(db, CARD_REVEALS, client.id);
  const row = await ownCard(db, client.id, cardId);
  await confirmStepUp(deps, client.id, factors, client.ip ?? null);
  await recordHit(db, CARD_REVEALS, client.id);
  const pan = openPan(row.pan_sealed, deps.config.cards.dataKey);
  if (!pan) throw new AppError('CONFLICT', { message: 'The card must be replaced', details: { reason: 'cardUnreadable' } });
  await recordAudit(db, { actorType: 'client', actorId: client.id, action: 'card.revealed', subjectType: 'card', subjectId: cardId, ip: client.ip, after: { last4: row.last4 } });
  return { number: pan, expiry: expiryText(row.expiry_month, row.expiry_year), cvc: cvcOf(pan, row.expiry_month, row.expiry_year, deps.config.cards.verificationKey) };
}
