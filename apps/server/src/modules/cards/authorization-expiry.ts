import { AUTHORIZATION_HOLD_DAYS } from '@bank/contracts/cards/network';
import type { JobContext, JobDefinition } from '../jobs';
import { inMoneyTransaction } from '../ledger';
import { expireAuthorization } from './network';

/**
 * Card authorisations expire (docs/cards.md#the-card-network, docs/time.md): one the network has not
 * cleared nor reversed within AUTHORIZATION_HOLD_DAYS days of the bank's clock has its hold released,
 * its pending row becomes Expired and the step is audited as the system's. The sweep does everything
 * due at its clock's now, so a missed run is caught up by the next; each authorisation is ended in
 * its own transaction under `for update skip locked`, so two nodes sweeping at once, or a clearing
 * arriving at that moment, never end one twice: whoever locks the row first acts.
 */
export const EXPIRE_AUTHORIZATIONS = 'cards.expire-authorizations';

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every authorisation due to expire at the clock's now. Answers how many expired. */
export async function expireAuthorizations(context: Pick<JobContext, 'db' | 'clock' | 'log'>): Promise<number> {
  const { db, clock } = context;
  const heldBefore = new Date(clock.now().getTime() - AUTHORIZATION_HOLD_DAYS * DAY_MS);
  let expired = 0;
  let failed = 0;
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom('card_authorizations').select('id').where('status', '=', 'Pending').where('created_at', '<', heldBefore).orderBy('id').limit(BATCH);
    if (after) query = query.where('id', '>', after);
    const due = await query.execute();
    for (const row of due) {
      try {
        if (await inMoneyTransaction(db, (trx) => expireAuthorization(trx, row.id))) expired += 1;
      } catch (error) {
        // One authorisation's failure must not stop the others: the next sweep tries it again.
        failed += 1;
        context.log.error({ err: error, authorizationId: row.id }, 'a card authorisation could not be expired');
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1]!.id;
  }
  if (failed > 0) throw new Error(`${failed} card authorisation(s) could not be expired; the sweep will try them again`);
  return expired;
}

export const expireAuthorizationsJob: JobDefinition<Record<string, never>> = {
  name: EXPIRE_AUTHORIZATIONS,
  cron: '*/15 * * * *',
  catchUpOnStart: true,
  async run(context) {
    await expireAuthorizations(context);
  },
};
