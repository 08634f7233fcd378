import { formatMinor } from '@bank/contracts';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { addBankingDays, addCalendarDays, bankToday, instantOnBankDate, type JobContext, type JobDefinition } from '../jobs';
import { inMoneyTransaction } from '../ledger';
import { mailEndedOrder } from './order-mail';
import { endLockedTransfer, lockPendingTransfer, REVIEWED_KINDS } from '../operations';

/**
 * Holds expire (docs/time.md). A transfer waiting for the bank (New or Processing: abroad, crypto out,
 * crypto conversion) that the bank has not decided within `config.time.holdExpiryBankingDays`
 * banking days becomes Expired: its hold is released, a release waiting for a second operator is
 * closed, the client is mailed and the step audited as the system's, with no fee.
 *
 * The rule, in the bank's time zone: the bank has the rest of the day the transfer was made and N
 * whole banking days after it. It expires once the N-th banking day after the day it was made has
 * ended (made on a Monday with N = 5: at the midnight that ends the next Monday; weekends are not
 * banking days). The sweep does everything due at its clock's now, so a missed run or a night's
 * outage is caught up by the next; each transfer is ended in its own transaction under `for update
 * skip locked`, so two nodes sweeping at once, or an operator deciding at that moment, never end
 * one twice: whoever locks the row first acts, and the status moves through the state table.
 */
export const EXPIRE_HOLDS = 'transfers.expire-holds';

const BATCH = 200;

/** The last bank date whose transfers have had their N banking days by `today` (they all expire). */
export function lastExpiredCreationDate(today: string, bankingDays: number): string {
  let madeOn = addCalendarDays(today, -1);
  // addBankingDays never goes back as the date does, so the first date that qualifies is the latest.
  while (addBankingDays(madeOn, bankingDays) >= today) madeOn = addCalendarDays(madeOn, -1);
  return madeOn;
}

/**
 * Expires one transfer if it is still waiting and no one else holds it; answers whether it did. A
 * money transaction: should it meet a deadlock (a batch of the group commit holding the account
 * while waiting for this transfer) it is tried again from the start.
 */
async function expireOne(db: Db, context: Pick<JobContext, 'config'>, transferId: string): Promise<boolean> {
  const { config } = context;
  try {
    return await inMoneyTransaction(db, async (trx) => {
      const free = await trx
        .selectFrom('operations')
        .select('id')
        .where('id', '=', transferId)
        .where('status', 'in', ['New', 'Processing'])
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      // Someone else holds it (an operator deciding, another node's sweep) or it was decided: theirs.
      if (!free) return false;
      const transfer = await lockPendingTransfer(trx, transferId);
      const bankingDays = config.time.holdExpiryBankingDays;
      await endLockedTransfer(trx, transfer, 'Expired', { type: 'system', id: null }, { bankingDays });
      await mailEndedOrder(trx, config, transfer.clientId, {
        transactionNumber: transfer.transactionNumber,
        amount: formatMinor(transfer.amountMinor, transfer.currency),
        currency: transfer.currency,
      }, { kind: 'expired', bankingDays });
      return true;
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}

/** Every transfer due to expire at the clock's now, each in its own transaction. Answers how many expired. */
export async function expireHolds(context: Pick<JobContext, 'db' | 'config' | 'clock' | 'log'>): Promise<number> {
  const { db, config, clock } = context;
  const zone = clock.timeZone;
  const madeOn = lastExpiredCreationDate(bankToday(clock), config.time.holdExpiryBankingDays);
  const madeBefore = instantOnBankDate(addCalendarDays(madeOn, 1), 0, zone);
  let expired = 0;
  let failed = 0;
  // Keyed by id, so a transfer skipped because someone holds it is not met again in this sweep.
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom('operations')
      .select('id')
      .where('kind', 'in', [...REVIEWED_KINDS])
      .where('status', 'in', ['New', 'Processing'])
      .where('created_at', '<', madeBefore)
      .orderBy('id')
      .limit(BATCH);
    if (after) query = query.where('id', '>', after);
    const due = await query.execute();
    for (const row of due) {
      try {
        if (await expireOne(db, context, row.id)) expired += 1;
      } catch (error) {
        // One transfer's failure must not stop the others: it is tried again by the next sweep.
        failed += 1;
        context.log.error({ err: error, transferId: row.id }, 'a transfer could not be expired');
      }
    }
    if (due.length < BATCH) break;
    after = due[due.length - 1]!.id;
  }
  if (failed > 0) throw new Error(`${failed} transfer(s) could not be expired; the sweep will try them again`);
  return expired;
}

export const expireHoldsJob: JobDefinition<Record<string, never>> = {
  name: EXPIRE_HOLDS,
  cron: '*/15 * * * *',
  catchUpOnStart: true,
  async run(context) {
    await expireHolds(context);
  },
};
