import { randomUUID } from 'node:crypto';
import {
  decimalToMinor,
  executionDateProblem,
  formatMinor,
  internalTransferSchema,
  internationalTransferSchema,
  isCurrency,
  type CreateTransactionRequest,
  type Currency,
  type InternalTransferRequest,
  type InternationalTransferRequest,
  type ScheduledFailureReason,
} from '@bank/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { instantText, type InstantText } from '../../db/instant';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { addCalendarDays, bankDateOf, instantOnBankDate, type BankClock, type JobContext, type JobDefinition } from '../jobs';
import { postEntry } from '../ledger';
import { queueMail } from '../mail';
import { refuseStaleRates } from '../rates';
import { internalSides, internalTransferOf, internalTransferOrder } from './internal';
import { holdInternationalTransfer, internationalOperation, internationalThresholds, internationalTransferOrder } from './international';
import { storedDetails, addTransferSides, recordOperations, setTransferStatus, thresholdsDetail, type NewOperation } from '../operations';
import { scheduledTransferFailedMail } from './scheduled-mail';

/**
 * Payments on their date (docs/time.md). A transfer dated after the bank's today is checked as one
 * made now would be, then recorded Scheduled: it has its number and the payer's row, moving and
 * holding nothing. On its date, at the payments hour, the sweep runs it with the funds checked
 * then: an internal one is booked (Approved), one abroad is held with its fee and waits for the
 * bank (New); one that cannot be paid becomes Failed, with the reason the client sees and a mail.
 */
export type SchedulableRequest = InternalTransferRequest | InternationalTransferRequest;

export const RUN_SCHEDULED_TRANSFERS = 'transfers.run-scheduled';

const dateFieldOf = (request: SchedulableRequest) => (request.type === 'internal' ? 'transferDate' : 'paymentDate');
const dateOf = (request: SchedulableRequest) => (request.type === 'internal' ? request.transferDate : request.paymentDate);
const withDate = (request: SchedulableRequest, date: string): SchedulableRequest =>
  request.type === 'internal' ? { ...request, transferDate: date } : { ...request, paymentDate: date };

/**
 * The bank date a create request is to run on when it is dated after `today`; null when it runs
 * now (no date, or today). A day already past, or more than a year ahead, is 400 on the date field.
 */
export function scheduledDateOf(request: CreateTransactionRequest, today: string): string | null {
  if (request.type !== 'internal' && request.type !== 'international') return null;
  const date = dateOf(request);
  if (!date) return null;
  const problem = executionDateProblem(date, today);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', {
      message: problem === 'past' ? 'The date has passed' : 'A transfer may be dated at most a year ahead',
      fields: { [dateFieldOf(request)]: `validation.date.${problem}` },
    });
  }
  return date > today ? date : null;
}

/**
 * The payer's booked balance and the instant it stands at, read together under the row lock the
 * ledger's writes take: a booking on the account commits either before (and is in the balance) or
 * after this instant, so the Scheduled row's balance chains with the rows around its place.
 */
async function bookedBalanceNow(trx: Db, account: { ledgerAccountId: string; currency: Currency }): Promise<{ bookedMinor: bigint; at: InstantText }> {
  const { rows } = await sql<{ booked: string; at: InstantText }>`
    select booked, ${instantText(sql`clock_timestamp()`)} as at
    from ledger_accounts where id = ${account.ledgerAccountId}::bigint for no key update`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error(`Ledger account ${account.ledgerAccountId} does not exist`);
  return { bookedMinor: decimalToMinor(row.booked, account.currency), at: row.at };
}

/** Checks the request as a transfer made now would be, and records it Scheduled on `date` (no date check: the caller's). */
export async function scheduleTransfer(
  trx: Db,
  clientId: string,
  request: SchedulableRequest,
  date: string,
  occurrence?: { standingOrderId: string; occurrenceDate: string },
): Promise<{ transferId: string; transactionNumber: string }> {
  const dated = withDate(request, date);
  const transferId = randomUUID();
  let operation: NewOperation;
  if (dated.type === 'internal') {
    const order = await internalTransferOrder(trx, clientId, dated);
    const payer = await bookedBalanceNow(trx, order.from);
    // The payee's row is written when the transfer runs: until then nothing comes to the payee.
    const [payerSide] = internalSides(order, null, () => payer.bookedMinor);
    operation = { at: payer.at, transfer: internalTransferOf(order, transferId, 'Scheduled'), sides: [payerSide], actor: { type: 'client', id: clientId } };
  } else {
    const order = await internationalTransferOrder(trx, clientId, dated);
    const payer = await bookedBalanceNow(trx, order.from);
    operation = internationalOperation(order, { id: transferId, status: 'Scheduled', at: payer.at, bookedBalanceMinor: payer.bookedMinor });
  }
  operation.transfer.schedule = { date, request: dated, occurrence };
  const numbers = await recordOperations(trx, [operation]);
  return { transferId, transactionNumber: numbers.get(transferId)! };
}

/** The client cancels its own Scheduled transfer, free of charge (Scheduled → Canceled, audited). 404 for another client's or no such transfer, 409 when not Scheduled. */
export async function cancelScheduledTransfer(
  trx: Db,
  clientId: string,
  transferId: string,
  actor: { type: 'client' | 'operator'; id: string } = { type: 'client', id: clientId },
): Promise<void> {
  const transfer = await trx
    .selectFrom('operations')
    .select(['id', 'status'])
    .where('id', '=', transferId)
    .where('client_id', '=', clientId)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer) throw new AppError('NOT_FOUND');
  if (transfer.status !== 'Scheduled') throw new AppError('CONFLICT', { message: `The transfer is already ${transfer.status}`, details: { status: transfer.status } });
  await setTransferStatus(trx, transferId, 'Canceled');
  await recordAudit(trx, {
    actorType: actor.type,
    actorId: actor.id,
    action: 'transfer.canceled',
    subjectType: 'transfer',
    subjectId: transferId,
    before: { status: 'Scheduled' },
    after: { status: 'Canceled' },
  });
}

/**
 * The latest bank date whose transfers are due at `clock.now()`: today once the payments hour has
 * come, yesterday before it. Every date up to it is due, so a run after an outage takes them all.
 */
export function latestDueDate(clock: BankClock, paymentsHour: number): string {
  const today = bankDateOf(clock.now(), clock.timeZone);
  return clock.now() >= instantOnBankDate(today, paymentsHour, clock.timeZone) ? today : addCalendarDays(today, -1);
}

/** A Scheduled transfer locked to run. */
interface DueTransfer {
  id: string;
  transactionNumber: string;
  clientId: string;
  currency: string;
  amount: string;
  fee: string;
  recipient: string | null;
  date: string;
}

const SYSTEM = { actorType: 'system', actorId: null } as const;

async function auditRun(trx: Db, transfer: DueTransfer, status: 'Approved' | 'New' | 'Failed', extra: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(trx, {
    ...SYSTEM,
    action: `transfer.${status.toLowerCase()}`,
    subjectType: 'transfer',
    subjectId: transfer.id,
    before: { status: 'Scheduled' },
    after: { status, scheduledFor: transfer.date, ...extra },
  });
}

/** Books a due internal transfer: payer −, payee +, the payer's row booked now and the payee's written. */
async function bookInternal(trx: Db, transfer: DueTransfer, request: InternalTransferRequest): Promise<void> {
  const order = await internalTransferOrder(trx, transfer.clientId, request);
  const { balances, bookedAt } = await postEntry(trx, {
    kind: 'internal_transfer',
    transferId: transfer.id,
    postings: [
      { accountId: order.from.ledgerAccountId, currency: order.from.currency, amountMinor: -order.amountMinor },
      { accountId: order.to.ledgerAccountId, currency: order.to.currency, amountMinor: order.amountMinor },
    ],
  });
  const bookedAfter = (ledgerAccountId: string) => balances.get(ledgerAccountId)!.bookedMinor;
  await setTransferStatus(trx, transfer.id, 'Approved', {
    booking: { at: bookedAt, account: { accountId: order.from.id, balanceAfterMinor: bookedAfter(order.from.ledgerAccountId), currency: order.from.currency } },
  });
  const [, payeeSide] = internalSides(order, bookedAt, (account) => bookedAfter(account.ledgerAccountId));
  await addTransferSides(trx, { at: bookedAt, transfer: internalTransferOf(order, transfer.id, 'Approved'), sides: [payeeSide] });
  await auditRun(trx, transfer, 'Approved');
}

/**
 * Holds a due transfer abroad with its fee quoted on the rates of the day it runs, as one made that
 * day would be; it waits for the bank (New), its thresholds fixed now. Stale rates price nothing:
 * RATES_STALE leaves it Scheduled for a later run.
 */
async function holdAbroad(trx: Db, context: JobContext, transfer: DueTransfer, request: InternationalTransferRequest): Promise<void> {
  await refuseStaleRates({ db: trx, clock: context.clock, config: context.config });
  const order = await internationalTransferOrder(trx, transfer.clientId, request);
  const fee = formatMinor(order.feeMinor, order.from.currency);
  const held = await holdInternationalTransfer(trx, order, transfer.id);
  const thresholds = await internationalThresholds(trx, order, held.heldAt);
  // The bank reviews it as a transfer made today: it counts towards today's sum of transfers abroad
  // (limits.ts sums by created_at), and its thresholds are fixed now (before New, which needs them).
  await sql`
    update operations
    set created_at = ${held.heldAt}::timestamptz, fee = ${fee}::numeric,
        details = details || ${JSON.stringify({ holdId: held.holdId, thresholds: thresholdsDetail(thresholds) })}::jsonb
    where id = ${transfer.id}::uuid`.execute(trx);
  await trx.updateTable('statement_rows').set({ fee }).where('operation_id', '=', transfer.id).execute();
  await setTransferStatus(trx, transfer.id, 'New');
  await auditRun(trx, transfer, 'New', { fee, scheduledFee: transfer.fee });
}

/** The reason a client sees for a refusal met when its transfer runs; anything else is the bank's fault, retried. */
function failureReasonOf(error: unknown): ScheduledFailureReason | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === 'INSUFFICIENT_FUNDS') return 'insufficientFunds';
  // An account gone, or the payee's closed to new money (docs/bank-controls.md#closing-a-client).
  if (error.code === 'NOT_FOUND' || error.code === 'ACCOUNT_CLOSED') return 'accountUnavailable';
  return error.code === 'VALIDATION_FAILED' || error.code === 'CONFLICT' || error.code === 'FORBIDDEN' ? 'refused' : null;
}

async function failScheduledTransfer(trx: Db, context: JobContext, transfer: DueTransfer, reason: ScheduledFailureReason): Promise<void> {
  await setTransferStatus(trx, transfer.id, 'Failed', { reason });
  await auditRun(trx, transfer, 'Failed', { reason });
  const client = await trx.selectFrom('clients').select(['email', 'language']).where('id', '=', transfer.clientId).executeTakeFirstOrThrow();
  const currency = isCurrency(transfer.currency) ? transfer.currency : null;
  const amount = currency ? formatMinor(decimalToMinor(transfer.amount, currency), currency) : transfer.amount;
  const mail = scheduledTransferFailedMail(
    client.email,
    { transactionNumber: transfer.transactionNumber, amount, currency: transfer.currency, date: transfer.date, recipient: transfer.recipient ?? '—', reason },
    client.language,
    `${context.config.appUrl}/kabinet`,
  );
  await queueMail(trx, context.config.secret, mail);
}

/** The stored request, read back through its schema (it was written as that schema's output). */
function storedRequest(value: unknown): SchedulableRequest {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'internal' ? internalTransferSchema.parse(value) : internationalTransferSchema.parse(value);
}

/** Locks a transfer still Scheduled that no other node has (skip locked); null when there is none. */
async function lockScheduled(trx: Db, transferId: string): Promise<{ transfer: DueTransfer; request: unknown; runAttempts: number } | null> {
  const row = await trx
    .selectFrom('operations')
    .select(['id', 'number', 'client_id', 'currency', 'amount', 'fee', 'counterparty', 'details'])
    .where('id', '=', transferId)
    .where('status', '=', 'Scheduled')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  const schedule = row ? storedDetails(row.details).schedule : undefined;
  if (!row || !schedule) return null;
  const transfer: DueTransfer = {
    id: row.id,
    transactionNumber: row.number,
    clientId: row.client_id,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    // An operation made without one names an empty counterparty.
    recipient: row.counterparty || null,
    date: schedule.date,
  };
  return { transfer, request: schedule.request, runAttempts: schedule.runAttempts };
}

/**
 * Runs one due transfer in the caller's transaction, if it is still Scheduled and no other node
 * has it (skip locked): the attempt in a savepoint, so a refusal rolls back only the attempt and
 * leaves the transfer Failed. Answers what became of it, or null when it was not ours to run.
 */
export async function runScheduledTransfer(trx: Db, context: JobContext, transferId: string): Promise<'Approved' | 'New' | 'Failed' | null> {
  const locked = await lockScheduled(trx, transferId);
  if (!locked) return null;
  const { transfer } = locked;
  const request = storedRequest(locked.request);
  await sql`savepoint scheduled_run`.execute(trx);
  try {
    if (request.type === 'internal') await bookInternal(trx, transfer, request);
    else await holdAbroad(trx, context, transfer, request);
    await sql`release savepoint scheduled_run`.execute(trx);
    return request.type === 'internal' ? 'Approved' : 'New';
  } catch (error) {
    const reason = failureReasonOf(error);
    if (!reason) throw error;
    await sql`rollback to savepoint scheduled_run`.execute(trx);
    await failScheduledTransfer(trx, context, transfer, reason);
    return 'Failed';
  }
}

/** Runs that may fail for a reason of the bank's before a Scheduled transfer is given up as Failed ('refused'). */
export const MAX_SCHEDULED_RUN_ATTEMPTS = 5;

/**
 * Counts a run of a Scheduled transfer that failed for a reason of the bank's, in a transaction of
 * its own (the run's was rolled back): the transfer stays Scheduled for the next run, until the
 * last allowed attempt, which leaves it Failed with the reason 'refused', audited and mailed.
 */
async function countFailedRun(context: JobContext, transferId: string): Promise<'Failed' | null> {
  return context.db.transaction().execute(async (trx) => {
    const locked = await lockScheduled(trx, transferId);
    if (!locked) return null;
    const runAttempts = locked.runAttempts + 1;
    if (runAttempts < MAX_SCHEDULED_RUN_ATTEMPTS) {
      await sql`update operations set details = jsonb_set(details, '{schedule,runAttempts}', to_jsonb(${runAttempts}::int)) where id = ${transferId}::uuid`.execute(trx);
      return null;
    }
    await failScheduledTransfer(trx, context, locked.transfer, 'refused');
    return 'Failed';
  });
}

const isRatesStale = (error: unknown) => error instanceof AppError && error.code === 'RATES_STALE';

/**
 * The sweep: every Scheduled transfer due at the clock's now, oldest date first, each in a
 * transaction of its own (one's failure does not undo the others). One that throws is left
 * Scheduled and the sweep fails after the rest, for the queue to retry it: while the rates are
 * stale a transfer abroad waits for fresh ones however long that takes; a run that fails otherwise
 * is counted, and after MAX_SCHEDULED_RUN_ATTEMPTS the transfer is Failed.
 */
export async function runDueScheduledTransfers(context: JobContext): Promise<Record<'Approved' | 'New' | 'Failed', number>> {
  // The schedule's date is 'YYYY-MM-DD' text, which orders as the days do; the expression is the
  // one operations_scheduled_due_idx is built on.
  const scheduledFor = sql<string>`(details #>> '{schedule,date}')`;
  const due = await context.db
    .selectFrom('operations')
    .select('id')
    .where('status', '=', sql.lit('Scheduled'))
    .where(scheduledFor, '<=', latestDueDate(context.clock, context.config.time.paymentsHour))
    .orderBy(scheduledFor)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const counts = { Approved: 0, New: 0, Failed: 0 };
  const errors: unknown[] = [];
  for (const { id } of due) {
    try {
      const outcome = await context.db.transaction().execute((trx) => runScheduledTransfer(trx, context, id));
      if (outcome) counts[outcome] += 1;
    } catch (error) {
      if (isRatesStale(error)) {
        context.log.warn({ transferId: id }, 'scheduled transfer waits for fresh rates');
        errors.push(error);
        continue;
      }
      context.log.error({ err: error, transferId: id }, 'scheduled transfer did not run');
      try {
        if ((await countFailedRun(context, id)) === 'Failed') counts.Failed += 1;
        else errors.push(error);
      } catch (countError) {
        context.log.error({ err: countError, transferId: id }, 'a failed run of a scheduled transfer could not be counted');
        errors.push(error);
      }
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} scheduled transfers did not run`);
  return counts;
}

export const runScheduledTransfersJob: JobDefinition = {
  name: RUN_SCHEDULED_TRANSFERS,
  cron: '*/5 * * * *',
  catchUpOnStart: true,
  async run(context) {
    await runDueScheduledTransfers(context);
  },
};
