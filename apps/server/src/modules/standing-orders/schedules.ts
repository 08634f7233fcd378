import type { ScheduledTransfer } from '@bank/contracts/backoffice/schedules';
import { sql } from 'kysely';
import type { Db } from '../../db';

/** At most this many of a client's scheduled transfers are read at once (a limit on everything). */
export const SCHEDULED_TRANSFERS_LIMIT = 500;

/**
 * A client's transfers waiting for their date (Scheduled), soonest first, as the payer's row shows
 * them (accounts and recipient as the client sees them), for the back office.
 */
export async function listScheduledTransfers(db: Db, clientId: string): Promise<ScheduledTransfer[]> {
  const schedule = (key: string) => sql<string | null>`t.details #>> ${sql.lit(`{schedule,${key}}`)}`;
  const rows = await db
    .selectFrom('operations as t')
    .innerJoin('statement_rows as side', (join) => join.onRef('side.operation_id', '=', 't.id').on('side.direction', '=', 'OUT').on('side.account_id', 'is not', null))
    .select([
      't.number',
      't.kind',
      't.amount',
      't.currency',
      schedule('standingOrderId').as('standing_order_id'),
      'side.from_account',
      'side.to_account',
      't.counterparty',
      schedule('date').$castTo<string>().as('date'),
    ])
    .where('t.client_id', '=', clientId)
    .where('t.status', '=', 'Scheduled')
    .where('t.kind', 'in', ['internal', 'international'])
    .orderBy(schedule('date'))
    .orderBy('t.number')
    .limit(SCHEDULED_TRANSFERS_LIMIT)
    .execute();
  return rows.map((row) => ({
    transactionNumber: row.number,
    date: row.date,
    type: row.kind === 'internal' ? 'internal' : 'international',
    amount: row.amount,
    currency: row.currency,
    fromAccount: row.from_account,
    toAccount: row.to_account,
    // Every operation names its counterparty; one made without a name has none.
    recipient: row.counterparty || null,
    standingOrderId: row.standing_order_id,
  }));
}
