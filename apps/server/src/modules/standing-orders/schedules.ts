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
  const rows = await db
    .selectFrom('transfers as t')
    .innerJoin('transactions as side', (join) => join.onRef('side.transfer_id', '=', 't.id').on('side.direction', '=', 'OUT'))
    .select([
      't.transaction_number',
      't.kind',
      't.amount',
      't.currency',
      't.standing_order_id',
      'side.from_account',
      'side.to_account',
      't.recipient',
      sql<string>`to_char(t.scheduled_for, 'YYYY-MM-DD')`.as('date'),
    ])
    .where('t.client_id', '=', clientId)
    .where('t.status', '=', 'Scheduled')
    .where('t.kind', 'in', ['internal', 'international'])
    .orderBy('t.scheduled_for')
    .orderBy('t.transaction_number')
    .limit(SCHEDULED_TRANSFERS_LIMIT)
    .execute();
  return rows.map((row) => ({
    transactionNumber: row.transaction_number,
    date: row.date,
    type: row.kind === 'internal' ? 'internal' : 'international',
    amount: row.amount,
    currency: row.currency,
    fromAccount: row.from_account,
    toAccount: row.to_account,
    recipient: row.recipient,
    standingOrderId: row.standing_order_id,
  }));
}
