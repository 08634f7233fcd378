import { DEPOSITS, type DepositHistoryTier } from '@bank/contracts';
import type { Db } from '../../db';
import { bankDateOf, monthDay } from '../jobs';

/**
 * The client's row of the rate table (DEPOSITS in tariffs.ts): a client's history is counted from
 * their identification, the first time the bank approved their KYC (the earliest approved
 * kyc_records row, on the bank's calendar). A client identified more than DEPOSITS.historyMonths
 * whole months before the opening day has a history; any other client, or one the bank identified
 * without a form on record, has none.
 */

/** The tier on `openingDate` of a client identified on `identifiedOn` (null: no identification on record). */
export function historyTierOn(identifiedOn: string | null, openingDate: string): DepositHistoryTier {
  if (identifiedOn === null) return 'withoutHistory';
  // The day the whole months are complete; "more than" them is any day after it.
  const monthsComplete = monthDay(identifiedOn, DEPOSITS.historyMonths, Number(identifiedOn.slice(8, 10)));
  return openingDate > monthsComplete ? 'withHistory' : 'withoutHistory';
}

/** The bank date of the client's identification, or null. */
export async function identifiedOn(db: Db, clientId: string, timeZone: string): Promise<string | null> {
  const row = await db
    .selectFrom('kyc_records')
    .select('decided_at')
    .where('client_id', '=', clientId)
    .where('status', '=', 'Approved')
    .where('decided_at', 'is not', null)
    .orderBy('decided_at')
    .limit(1)
    .executeTakeFirst();
  return row?.decided_at ? bankDateOf(new Date(row.decided_at), timeZone) : null;
}

export async function historyTierOf(db: Db, clientId: string, openingDate: string, timeZone: string): Promise<DepositHistoryTier> {
  return historyTierOn(await identifiedOn(db, clientId, timeZone), openingDate);
}
