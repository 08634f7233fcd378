import { depositRateTableSchema, DEPOSITS, type DepositRateTable } from '@bank/contracts';
import type { Db } from '../../db';

/**
 * The deposit rate table in force (docs/product.md#tariffs-and-limits): the newest version an approved four-eyes proposal
 * wrote (deposit_rate_versions, migration 0088), or, before any, DEPOSITS.ratesBasisPoints of
 * tariffs.ts, the table the public pages print. A deposit copies its rate when it opens, so a new
 * version changes only the deposits opened after it.
 */
export interface RateTableInForce {
  rates: DepositRateTable;
  /** The version's id, or null while the tariff's own table is in force. */
  versionId: string | null;
  since: Date | null;
}

export async function depositRatesInForce(db: Db): Promise<RateTableInForce> {
  const latest = await db
    .selectFrom('deposit_rate_versions')
    .select(['id', 'rates', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { rates: DEPOSITS.ratesBasisPoints, versionId: null, since: null };
  return { rates: depositRateTableSchema.parse(latest.rates), versionId: String(latest.id), since: latest.created_at };
}
