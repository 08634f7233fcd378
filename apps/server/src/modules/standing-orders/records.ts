import { standingOrderTransferSchema, type StandingOrder, type StandingOrderTransfer } from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { OrderCalendar } from './calendar';

// A standing order's row as the module reads it, and what it means to the client and the calendar.

/** The columns of an order, its dates as text. */
const orderColumns = [
  'id',
  'client_id',
  'kind',
  'transfer_request',
  'from_account',
  'to_account',
  'recipient',
  'amount',
  'currency',
  'payment_reference',
  'template_name',
  'frequency',
  'day_of_month',
  'occurrence_limit',
  'status',
  'occurrences_made',
  'created_at',
  sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
  sql<string | null>`to_char(next_run_date, 'YYYY-MM-DD')`.as('next_run_date'),
] as const;

export function selectOrders(db: Db) {
  return db.selectFrom('standing_orders').select(orderColumns);
}
export type StandingOrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

export function calendarOf(row: StandingOrderRow): OrderCalendar {
  return { frequency: row.frequency, dayOfMonth: row.day_of_month, startDate: row.start_date, endDate: row.end_date, count: row.occurrence_limit };
}

/** The transfer an order repeats, as it was checked (read back through its schema, which it passes again). */
export function repeatedTransferOf(row: StandingOrderRow): StandingOrderTransfer {
  const stored: unknown = typeof row.transfer_request === 'string' ? JSON.parse(row.transfer_request) : row.transfer_request;
  return standingOrderTransferSchema.parse(stored);
}

export function toStandingOrder(row: StandingOrderRow): StandingOrder {
  return {
    id: row.id,
    status: row.status,
    frequency: row.frequency,
    dayOfMonth: row.day_of_month,
    startDate: row.start_date,
    endDate: row.end_date,
    count: row.occurrence_limit,
    occurrencesMade: row.occurrences_made,
    nextRunDate: row.status === 'Active' ? row.next_run_date : null,
    type: row.kind,
    fromAccount: row.from_account,
    toAccount: row.to_account,
    recipient: row.recipient,
    amount: row.amount,
    currency: row.currency,
    reference: row.payment_reference,
    templateName: row.template_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

