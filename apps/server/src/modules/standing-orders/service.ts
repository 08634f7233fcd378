import {
  executionDateProblem,
  formatMinor,
  standingOrderMove,
  STANDING_ORDERS_LIST_LIMIT,
  STANDING_ORDERS_LIVE_PER_CLIENT,
  type CreateStandingOrderRequest,
  type StandingOrder,
  type StandingOrderAction,
  type StandingOrderTransfer,
} from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { bankToday, type BankClock } from '../jobs';
import { internalTransferOrder, internationalTransferOrder, cancelScheduledTransfer } from '../transfers';
import { PayeeLookupFailed } from '../operations';
import { firstRunDate, runDateFrom, type OrderCalendar } from './calendar';
import { makeDueOccurrences } from './occurrences';
import { calendarOf, selectOrders, toStandingOrder, type StandingOrderRow } from './records';

/**
 * Standing orders: made, listed, paused, resumed and canceled by their client. The order holds the
 * checked request and its calendar; its occurrences are Scheduled transfers made as their dates fall
 * due (occurrences.ts), which the payments' runner books like any dated transfer.
 */

/** The client's orders, newest first. */
export async function listStandingOrders(db: Db, clientId: string): Promise<StandingOrder[]> {
  const rows = await selectOrders(db).where('client_id', '=', clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(STANDING_ORDERS_LIST_LIMIT).execute();
  return rows.map(toStandingOrder);
}

/** What the client sees of the repeated transfer, once the transfers module has checked it as one made now. */
interface CheckedTransfer {
  fromAccount: string;
  toAccount: string;
  recipient: string | null;
  amount: string;
  currency: string;
}

/**
 * The transfers module's checks name the transfer's fields (accNumberFrom, amount); in an order's
 * body they are under `transfer`, so a refusal names them there. A failed payee look-up stays one,
 * to be counted against the client.
 */
async function underTransferField<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [`transfer.${field}`, key]));
    const Refusal = error instanceof PayeeLookupFailed ? PayeeLookupFailed : AppError;
    throw new Refusal(error.code, { message: error.message, fields, details: error.details });
  }
}

async function checkRepeatedTransfer(trx: Db, clientId: string, transfer: StandingOrderTransfer): Promise<CheckedTransfer> {
  if (transfer.type === 'internal') {
    const order = await internalTransferOrder(trx, clientId, transfer);
    return {
      fromAccount: order.from.number,
      toAccount: order.to.number,
      recipient: order.recipient ?? null,
      amount: formatMinor(order.amountMinor, order.from.currency),
      currency: order.from.currency,
    };
  }
  const order = await internationalTransferOrder(trx, clientId, transfer);
  const details = transfer.recipientDetails;
  return {
    fromAccount: order.from.number,
    toAccount: details.recipientsIban ?? details.recipientsAccountNumber ?? '',
    recipient: transfer.recipient ?? details.fullName,
    amount: formatMinor(order.amountMinor, order.from.currency),
    currency: order.from.currency,
  };
}

/** A bound on the orders a client keeps running (a limit on everything). */
async function refuseOverLiveLimit(trx: Db, clientId: string): Promise<void> {
  const { live } = await trx
    .selectFrom('standing_orders')
    .select((select) => select.fn.countAll<string>().as('live'))
    .where('client_id', '=', clientId)
    .where('status', 'in', ['Active', 'Paused'])
    .executeTakeFirstOrThrow();
  if (Number(live) >= STANDING_ORDERS_LIVE_PER_CLIENT) {
    throw new AppError('CONFLICT', { message: `At most ${STANDING_ORDERS_LIVE_PER_CLIENT} standing orders may run at once; cancel one first`, details: { limit: STANDING_ORDERS_LIVE_PER_CLIENT } });
  }
}

/** The request without its own date: each occurrence is dated by the order's calendar. */
function undated(transfer: StandingOrderTransfer): StandingOrderTransfer {
  return transfer.type === 'internal' ? { ...transfer, transferDate: undefined } : { ...transfer, paymentDate: undefined };
}

/**
 * POST /api/standing-orders: checks the transfer as one made now, fixes the calendar and, when the
 * first date is today, makes that occurrence at once (the payments' runner books it).
 */
export async function createStandingOrder(trx: Db, clock: BankClock, clientId: string, request: CreateStandingOrderRequest): Promise<StandingOrder> {
  const today = bankToday(clock);
  const dateProblem = executionDateProblem(request.startDate, today);
  if (dateProblem) throw new AppError('VALIDATION_FAILED', { fields: { startDate: `validation.date.${dateProblem}` } });
  const calendar: OrderCalendar = {
    frequency: request.frequency,
    dayOfMonth: request.frequency === 'weekly' ? null : (request.dayOfMonth ?? Number(request.startDate.slice(8, 10))),
    startDate: request.startDate,
    endDate: request.endDate ?? null,
    count: request.count ?? null,
  };
  const firstDate = firstRunDate(calendar);
  if (firstDate === null) {
    throw new AppError('VALIDATION_FAILED', { message: 'The order would end before its first payment', fields: { endDate: 'validation.endDate.beforeFirstRun' } });
  }
  await refuseOverLiveLimit(trx, clientId);
  const transfer = undated(request.transfer);
  const checked = await underTransferField(() => checkRepeatedTransfer(trx, clientId, transfer));
  const { id } = await trx
    .insertInto('standing_orders')
    .values({
      client_id: clientId,
      kind: transfer.type,
      transfer_request: JSON.stringify(transfer),
      from_account: checked.fromAccount,
      to_account: checked.toAccount,
      recipient: checked.recipient,
      amount: checked.amount,
      currency: checked.currency,
      payment_reference: transfer.reference ?? null,
      template_name: transfer.templateName ?? null,
      frequency: calendar.frequency,
      day_of_month: calendar.dayOfMonth,
      start_date: calendar.startDate,
      end_date: calendar.endDate,
      occurrence_limit: calendar.count,
      next_run_date: firstDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await lockOrder(trx, clientId, id);
  await recordAudit(trx, {
    actorType: 'client',
    actorId: clientId,
    action: 'standingOrder.created',
    subjectType: 'standing_order',
    subjectId: id,
    after: toStandingOrder(row),
  });
  return toStandingOrder(await makeDueOccurrences(trx, today, row));
}

/** The client's order, locked for a change; 404 for anyone else's. */
async function lockOrder(trx: Db, clientId: string, id: string): Promise<StandingOrderRow> {
  const row = await selectOrders(trx).where('id', '=', id).where('client_id', '=', clientId).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: 'Standing order not found' });
  return row;
}

/** Cancels the order's occurrences made and not yet run, free of charge, through the transfers' state table. */
async function cancelWaitingOccurrences(trx: Db, order: StandingOrderRow, actor?: { type: 'operator'; id: string }): Promise<void> {
  // The expressions of operations_occurrence_idx, which finds an order's occurrences.
  const waiting = await trx
    .selectFrom('operations')
    .select('id')
    .where(sql<string>`details #>> '{schedule,standingOrderId}'`, '=', order.id)
    .where('status', '=', 'Scheduled')
    .orderBy(sql`details #>> '{schedule,occurrenceDate}'`)
    // Waits for a runner that has one in hand: once run, it is no longer Scheduled and is left be.
    .forUpdate()
    .execute();
  for (const transfer of waiting) await cancelScheduledTransfer(trx, order.client_id, transfer.id, actor);
}

/**
 * Ends what a client had planned to pay, when the bank closes the client (docs/bank-controls.md#closing-a-client):
 * every standing order still Active or Paused is Canceled with its occurrences not yet run, and
 * every other dated transfer still Scheduled is Canceled, free, each audited as the operator's who
 * approved the closure. Answers how many orders and dated transfers it canceled.
 */
export async function cancelPlansOfClosedClient(trx: Db, clientId: string, actor: { type: 'operator'; id: string }): Promise<{ orders: number; transfers: number }> {
  const orders = await selectOrders(trx).where('client_id', '=', clientId).where('status', 'in', ['Active', 'Paused']).orderBy('id').forUpdate().execute();
  for (const order of orders) {
    await cancelWaitingOccurrences(trx, order, actor);
    await trx.updateTable('standing_orders').set({ status: 'Canceled', next_run_date: null, updated_at: new Date() }).where('id', '=', order.id).execute();
    await recordAudit(trx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'standingOrder.canceled',
      subjectType: 'standing_order',
      subjectId: order.id,
      before: { status: order.status, nextRunDate: order.next_run_date },
      after: { status: 'Canceled', nextRunDate: null, clientClosed: true },
    });
  }
  const dated = await trx.selectFrom('operations').select('id').where('client_id', '=', clientId).where('status', '=', 'Scheduled').orderBy('id').forUpdate().execute();
  for (const transfer of dated) await cancelScheduledTransfer(trx, clientId, transfer.id, actor);
  return { orders: orders.length, transfers: dated.length };
}

const DONE: Record<StandingOrderAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'canceled' };

/**
 * POST /api/standing-orders/:id/pause | resume | cancel. Pausing and canceling cancel the occurrence
 * not yet run; resuming plans again from today (the dates it was paused over are skipped) and makes
 * today's occurrence at once if today is one of its dates.
 */
export async function changeStandingOrder(
  trx: Db,
  clock: BankClock,
  client: { id: string; ip?: string },
  id: string,
  action: StandingOrderAction,
): Promise<StandingOrder> {
  const order = await lockOrder(trx, client.id, id);
  const status = standingOrderMove(order.status, action);
  if (!status) throw new AppError('CONFLICT', { message: `A standing order that is ${order.status} cannot be ${DONE[action]}`, details: { status: order.status } });
  const today = bankToday(clock);
  let nextRunDate = order.next_run_date;
  let newStatus = status;
  if (action === 'resume') {
    nextRunDate = runDateFrom(calendarOf(order), order.next_run_date!, today);
    // A resumed order whose end date has passed meanwhile has nothing left to pay.
    if (nextRunDate === null) newStatus = 'Finished';
  } else {
    await cancelWaitingOccurrences(trx, order);
  }
  const final = newStatus === 'Canceled' || newStatus === 'Finished';
  await trx
    .updateTable('standing_orders')
    .set({ status: newStatus, next_run_date: final ? null : nextRunDate, updated_at: new Date() })
    .where('id', '=', order.id)
    .execute();
  const after = await lockOrder(trx, client.id, order.id);
  await recordAudit(trx, {
    actorType: 'client',
    actorId: client.id,
    action: `standingOrder.${DONE[action]}`,
    subjectType: 'standing_order',
    subjectId: order.id,
    ip: client.ip,
    before: { status: order.status, nextRunDate: order.next_run_date },
    after: { status: after.status, nextRunDate: after.next_run_date },
  });
  return toStandingOrder(action === 'resume' ? await makeDueOccurrences(trx, today, after) : after);
}
